import { NO_ANSWER, sent, useAnswer } from "../answers.js";
import { AnswerState } from "../components/answer-state.js";
import { type FormOutcome, ProductForm } from "../panels/product-form.js";
import { bodyOf, CREATE_FIELDS, emptyDraft, type ProductDraft } from "../product-form.js";
import { productHash } from "../routes.js";
import type { Session } from "../session.js";

/** The create body from the form: every field of a new product, the discount only when given. */
const createBody = (draft: ProductDraft) => {
  const { discount, ...required } = bodyOf(
    draft,
    CREATE_FIELDS.map((field) => field.name),
  );
  return {
    id_categories: required.id_categories ?? 0,
    name: required.name ?? "",
    meta_title: required.meta_title ?? "",
    meta_description: required.meta_description ?? "",
    tags: required.tags ?? "",
    text_page: required.text_page ?? "",
    price: required.price ?? 0,
    count: required.count ?? 0,
    uuid: required.uuid ?? "",
    features: required.features ?? "",
    ...(draft.discount.trim() === "" ? {} : { discount }),
  };
};

/** A new product: the form, then the product's own page (image, codes, moderation) once created. */
export const NewProduct = ({ session }: { session: Session }) => {
  const { loaded } = useAnswer(() => session.client.v1.call("GET /products/categories"), [session]);
  const create = async (draft: ProductDraft): Promise<FormOutcome> => {
    const answer = await sent(() => session.client.v1.call("POST /products", { body: createBody(draft) }));
    if (!answer.ok) return { ok: false, message: answer.error.message || NO_ANSWER };
    window.location.hash = productHash(answer.data.id);
    return { ok: true, text: answer.data.message };
  };
  return (
    <>
      <h1 id="page-title" tabIndex={-1}>
        New product
      </h1>
      <p class="hint">
        A new product is a draft: add an image and, if the marketplace delivers it for you, its codes; then
        submit it to moderation. Buyers see it once an operator approves it.
      </p>
      <AnswerState loaded={loaded} />
      {loaded.state === "ready" ? (
        <ProductForm
          fields={CREATE_FIELDS}
          initial={emptyDraft()}
          categories={loaded.data}
          submitLabel="Create product"
          markModerated={false}
          onSubmit={create}
        />
      ) : null}
    </>
  );
};
