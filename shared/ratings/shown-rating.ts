/**
 * The rating a product or a seller shows (#25): the mean of its approved reviews' ratings, rounded half
 * up to the whole number the spec's integer `rating` field holds, and 0 with no approved review.
 * Integer arithmetic only: round(sum / count) half up is floor((2 × sum + count) / (2 × count)), so no
 * float ever decides whether 3.5 shows as 4.
 */
export const shownRating = (sum: number, count: number): number =>
  count <= 0 ? 0 : Math.floor((2 * sum + count) / (2 * count));

/** The tally an item carries: the sum and count of its approved reviews' ratings (both absent before the first). */
export interface RatingTally {
  readonly rating_sum?: number | undefined;
  readonly rating_count?: number | undefined;
}

/** The rating an item with a tally shows. */
export const shownRatingOf = (tally: RatingTally): number =>
  shownRating(tally.rating_sum ?? 0, tally.rating_count ?? 0);
