import { REVIEW_LIST_LIMIT } from "../../shared/reviews/review-moderation-service.js";
import { reviewModerationService } from "../../shared/runtime/dependencies.js";
import type { CommandTable, Runner } from "./command.js";
import { noPositionals, onePositional, parseOptions, required } from "./command-line.js";

const reviewList: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { status: { type: "string" } });
  noPositionals(positionals);
  return reviewModerationService().list(typeof values.status === "string" ? values.status : undefined);
};

const reviewApprove: Runner = async (args) => {
  const { positionals } = parseOptions(args, {});
  return reviewModerationService().approve(onePositional(positionals, "review id"));
};

const reviewReject: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { reason: { type: "string" } });
  const id = onePositional(positionals, "review id");
  return reviewModerationService().reject(id, required(values, "reason"));
};

/** Moderating resellers' reviews (#25): the queue, and each decision. */
export const reviewCommands: CommandTable = {
  "review list": {
    args: "[--status pending|approved|rejected]",
    summary: `resellers' reviews of one status (pending by default), newest written first, at most ${REVIEW_LIST_LIMIT}`,
    run: reviewList,
  },
  "review approve": {
    args: "<review_id>",
    summary:
      "publish a pending review in its product's comments and count it in the product's and seller's ratings",
    notes: [
      "Ratings are round(sum / count) of the approved reviews, halves up; comments added with `comment add` do not count.",
    ],
    run: reviewApprove,
  },
  "review reject": {
    args: "<review_id> --reason <text>",
    summary: "keep a pending review off (or take an approved one down), with the reason its author reads",
    run: reviewReject,
  },
};
