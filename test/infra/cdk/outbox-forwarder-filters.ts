/**
 * The filter patterns the outbox forwarder's stream mapping must have, written out (not built from the
 * code under test): outbox INSERTs, and the four kinds of change a seller may opt into hearing of (#23).
 */
export const outboxForwarderFilters = [
  {
    Pattern: JSON.stringify({ eventName: ["INSERT"], dynamodb: { NewImage: { entity: { S: ["outbox"] } } } }),
  },
  {
    Pattern: JSON.stringify({
      eventName: ["MODIFY"],
      dynamodb: { NewImage: { entity: { S: ["order"] }, status: { S: ["canceled"] } } },
    }),
  },
  {
    Pattern: JSON.stringify({
      eventName: ["MODIFY"],
      dynamodb: { NewImage: { entity: { S: ["order"] }, dispute_opened_at: { S: [{ exists: true }] } } },
    }),
  },
  {
    Pattern: JSON.stringify({
      eventName: ["INSERT"],
      dynamodb: { NewImage: { entity: { S: ["chat_message"] }, type_user: { S: ["buyer"] } } },
    }),
  },
  {
    Pattern: JSON.stringify({
      eventName: ["MODIFY"],
      dynamodb: { NewImage: { entity: { S: ["product"] }, key_stock: { N: ["1"] } } },
    }),
  },
];
