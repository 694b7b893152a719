import type { CatalogueService, Page } from "../catalogue/catalogue-service.js";
import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import type { Clock } from "../time/clock.js";
import {
  type CommentRecord,
  type NewCommentInput,
  newCommentInputSchema,
  type PublicComment,
  publicComment,
} from "./comment.js";
import type { CommentStore } from "./comment-repository.js";

/**
 * Product comments: operators add them (that is their moderation), and approved reviews appear among them
 * (`shared/reviews/`); resellers read those of public products.
 */
export const createCommentService = (deps: {
  comments: CommentStore;
  catalogue: Pick<CatalogueService, "product">;
  now: Clock;
  random: Randomness;
}) => ({
  /** Operator: adds a moderated comment to a product. */
  async add(input: NewCommentInput): Promise<CommentRecord> {
    const parsed = newCommentInputSchema.parse(input);
    if (!isId(parsed.product_id))
      throw refuse(worded(refusals.productIdNotFound, { productId: parsed.product_id }));
    const comment: CommentRecord = {
      comment_id: deps.random.uuid(),
      product_id: parsed.product_id,
      rating: parsed.rating,
      text: parsed.text,
      created_at: deps.now().toISOString(),
    };
    if (!(await deps.comments.add(comment)))
      throw refuse(worded(refusals.productIdNotFound, { productId: parsed.product_id }));
    return comment;
  },

  /** GET /comment/{product_id}: newest first, one page; the product must be public (404, or 403 if blocked). */
  async list(productId: string, page: number, limit: number): Promise<Page<PublicComment>> {
    // The page is read beside the product, not after it: a product that is not public refuses the
    // request and its comments are never shown, so reading them early only saves the round.
    const [, { comments, total }] = await Promise.all([
      deps.catalogue.product(productId),
      deps.comments.page(productId, (page - 1) * limit, limit),
    ]);
    return {
      items: comments.map(publicComment),
      meta: { page, limit, total },
    };
  },
});

export type CommentService = ReturnType<typeof createCommentService>;
