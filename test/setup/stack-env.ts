import { afterAll } from "vitest";
import { closeAcceptingReceiver } from "../support/accepting-receiver.js";
import { forgetWatchedSecrets } from "../support/leak-scan.js";
import { workerStack } from "../support/worker-stack.js";

// Every test file reaches the same DynamoDB Local, fauxqs and master secret as its worker's gateway.
Object.assign(process.env, workerStack().stackEnv);

// A worker runs file after file with its modules kept (isolate: false): what test support holds for one
// file starts empty in the next, and what it started ends with its file.
forgetWatchedSecrets();
afterAll(closeAcceptingReceiver);
