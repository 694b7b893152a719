import { useState } from "preact/hooks";
import { NO_ANSWER, sent, useAnswer } from "../answers.js";
import { AnswerState } from "../components/answer-state.js";
import { roubles, whole } from "../format.js";
import { KeyStock } from "../panels/key-stock.js";
import { type FormOutcome, ProductForm } from "../panels/product-form.js";
import { ProductImage } from "../panels/product-image.js";
import { ProductModeration } from "../panels/product-moderation.js";
import { bodyOf, PRODUCT_FIELDS, type ProductDraft, type ProductFieldName } from "../product-form.js";
import type { Session } from "../session.js";

/** The product as GET /api/v1/products/info/{id} answers it: the type its contract gives the client. */
type ProductInfo = Extract<Awaited<ReturnType<typeof productInfo>>, { readonly ok: true }>["data"]["product"];

/** Reads one of the seller's products. */
const productInfo = (session: Session, id: string) =>
  session.client.v1.call("GET /products/info/{id}", { path: { id } });

/** The edit form's starting values: the product as stored. */
const draftOf = (product: ProductInfo): ProductDraft => ({
  id_categories: String(product.id_categories),
  name: product.name,
  meta_title: product.meta_title,
  meta_description: product.meta_description,
  tags: product.tags,
  text_page: product.text_page,
  price: String(product.price),
  count: String(product.count),
  discount: String(product.discount),
  uuid: product.uuid,
  features: product.features,
  api_url: product.api_url,
});

/**
 * What the seller edited and is not what is stored, compared as the API stores text (trimmed): an
 * untouched field is never sent, so it cannot send the product back to moderation or reset its stock.
 */
const changesOf = (stored: ProductDraft, draft: ProductDraft, edited: ReadonlySet<ProductFieldName>) =>
  bodyOf(
    draft,
    PRODUCT_FIELDS.filter(
      (field) => edited.has(field.name) && draft[field.name].trim() !== stored[field.name].trim(),
    ).map((field) => field.name),
  );

/** One product: its state, moderation, image, codes, the edit form, and deleting it. */
export const ProductPage = ({ session, id }: { session: Session; id: string }) => {
  const product = useAnswer(() => productInfo(session, id), [session, id]);
  const categories = useAnswer(() => session.client.v1.call("GET /products/categories"), [session]);
  const [deleting, setDeleting] = useState<"no" | "asking" | string>("no");

  if (product.loaded.state !== "ready")
    return (
      <>
        <h1 id="page-title" tabIndex={-1}>
          Product
        </h1>
        <AnswerState loaded={product.loaded} />
      </>
    );
  const info = product.loaded.data.product;
  const initial = draftOf(info);

  const save = async (draft: ProductDraft, edited: ReadonlySet<ProductFieldName>): Promise<FormOutcome> => {
    const body = changesOf(initial, draft, edited);
    const answer = await sent(() =>
      session.client.v1.call("POST /products/update/{id}", { path: { id }, body }),
    );
    if (!answer.ok) return { ok: false, message: answer.error.message || NO_ANSWER };
    product.reload();
    return {
      ok: true,
      text: answer.data.moderation ? "Saved. The product went back to moderation." : "Saved.",
    };
  };

  const remove = async () => {
    const answer = await sent(() => session.client.v1.call("DELETE /products/{id}", { path: { id } }));
    if (answer.ok) window.location.hash = "#/products";
    else setDeleting(answer.error.message);
  };

  return (
    <>
      <p class="crumbs">
        <a href="#/products">All products</a>
      </p>
      <h1 id="page-title" tabIndex={-1}>
        {info.name}
      </h1>
      <dl class="facts" aria-label="Product">
        <div>
          <dt>Price</dt>
          <dd>{roubles(info.price)}</dd>
        </div>
        <div>
          <dt>Stock</dt>
          <dd>{whole(info.count)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd>{info.discount}%</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{info.created_at}</dd>
        </div>
      </dl>
      <ProductModeration session={session} product={info} onChange={product.reload} />
      <ProductImage session={session} product={info} onChange={product.reload} />
      <KeyStock session={session} productId={info.id} onChange={product.reload} />
      <section aria-labelledby="edit-heading">
        <h2 id="edit-heading">Edit</h2>
        <AnswerState loaded={categories.loaded} />
        {categories.loaded.state === "ready" ? (
          // Not keyed by the stored values: the reload after a save must not remount the form, which
          // would drop the confirmation it shows; its draft already holds what was saved.
          <ProductForm
            fields={PRODUCT_FIELDS}
            initial={initial}
            categories={categories.loaded.data}
            submitLabel="Save changes"
            markModerated={true}
            onSubmit={save}
          />
        ) : null}
      </section>
      <section aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete</h2>
        <p class="hint">Deleting is permanent: the product cannot be restored.</p>
        {deleting === "no" ? (
          <button type="button" class="danger" onClick={() => setDeleting("asking")}>
            Delete product
          </button>
        ) : deleting === "asking" ? (
          <fieldset class="confirm">
            <legend>Delete “{info.name}” for good?</legend>
            <button type="button" class="danger" onClick={remove}>
              Yes, delete it
            </button>{" "}
            <button type="button" class="secondary" onClick={() => setDeleting("no")}>
              Keep it
            </button>
          </fieldset>
        ) : (
          <p class="error" role="alert">
            {deleting}
          </p>
        )}
      </section>
    </>
  );
};
