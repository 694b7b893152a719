/**
 * A read's ProjectionExpression for `attributes`, each named through a placeholder of its own name
 * (`#state` for `state`), so reserved words such as `position`, `state` and `values` can be read.
 */
export const projectionExpression = (attributes: readonly string[]) => ({
  ProjectionExpression: attributes.map((attribute) => `#${attribute}`).join(", "),
  ExpressionAttributeNames: Object.fromEntries(attributes.map((attribute) => [`#${attribute}`, attribute])),
});
