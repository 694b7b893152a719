import { useState } from "preact/hooks";
import { useAnswer } from "../answers.js";
import { TableScroll } from "../components/table-scroll.js";
import { roubles, whole } from "../format.js";
import { MODERATION_STATES } from "../product-form.js";
import { productHash } from "../routes.js";
import type { Session } from "../session.js";

const PAGE_SIZE = 20;

/** What the list asks the API for. */
interface ListQuery {
  readonly status: string;
  readonly search: string;
  readonly page: number;
}

/** The seller's products: the spec's filters (moderation state, search by name) and pages. */
export const Products = ({ session }: { session: Session }) => {
  const [query, setQuery] = useState<ListQuery>({ status: "", search: "", page: 1 });
  const [search, setSearch] = useState("");
  const { loaded: answer } = useAnswer(
    () =>
      session.client.v1.call("GET /products", {
        query: {
          page: query.page,
          limit: PAGE_SIZE,
          ...(query.status ? { status: query.status } : {}),
          ...(query.search ? { search: query.search } : {}),
        },
      }),
    [session, query],
  );
  const loaded =
    answer.state === "ready"
      ? { state: "ready" as const, products: answer.data.products, total: answer.data.pagination.total }
      : answer;

  const pages = loaded.state === "ready" ? Math.max(1, Math.ceil(loaded.total / PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="page-title">
      <div class="title-row">
        <h1 id="page-title" tabIndex={-1}>
          Products
        </h1>
        <a class="button" href="#/products/new">
          New product
        </a>
      </div>
      <search>
        <form
          class="filters"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery({ ...query, search: search.trim(), page: 1 });
          }}
        >
          <div>
            <label for="status-filter">Moderation state</label>
            <select
              id="status-filter"
              value={query.status}
              onChange={(event) =>
                setQuery({ ...query, status: (event.target as HTMLSelectElement).value, page: 1 })
              }
            >
              <option value="">All</option>
              {MODERATION_STATES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="name-search">Name</label>
            <input
              id="name-search"
              type="search"
              value={search}
              onInput={(event) => setSearch((event.target as HTMLInputElement).value)}
            />
          </div>
          <button type="submit">Search</button>
        </form>
      </search>
      {loaded.state === "loading" ? <p aria-live="polite">Loading…</p> : null}
      {loaded.state === "failed" ? (
        <p class="error" role="alert">
          {loaded.message}
        </p>
      ) : null}
      {loaded.state === "ready" ? (
        <>
          <p class="count" aria-live="polite">
            {loaded.total === 0
              ? "No products match."
              : `${loaded.total.toLocaleString("en-US")} ${loaded.total === 1 ? "product" : "products"}`}
          </p>
          {loaded.products.length === 0 ? null : (
            <TableScroll label="Products">
              <table aria-label="Products">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Price</th>
                    <th scope="col">Stock</th>
                    <th scope="col">Moderation</th>
                  </tr>
                </thead>
                <tbody>
                  {loaded.products.map((product) => (
                    <tr key={product.id}>
                      <td>
                        <a href={productHash(product.id)}>{product.name}</a>
                      </td>
                      <td>{roubles(product.price)}</td>
                      <td>{whole(product.count)}</td>
                      <td>{product.status_moderation}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      ) : null}
      <nav class="pager" aria-label="Pages of products">
        <button
          type="button"
          disabled={query.page <= 1}
          onClick={() => setQuery({ ...query, page: query.page - 1 })}
        >
          Previous
        </button>
        <span>
          Page {query.page} of {pages}
        </span>
        <button
          type="button"
          disabled={query.page >= pages}
          onClick={() => setQuery({ ...query, page: query.page + 1 })}
        >
          Next
        </button>
      </nav>
    </section>
  );
};
