import { createEventAttemptRepository } from "../webhooks/event-attempt-repository.js";
import { tableClient, tableName } from "./table.js";

/** The attempts to send sellers their events (#23): the sender writes them, the seller and the operator read them. */
export const eventAttempts = () => createEventAttemptRepository(tableClient(), tableName());
