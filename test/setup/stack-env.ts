import { workerStack } from "../support/worker-stack.js";

// Every test file reaches the same DynamoDB Local, fauxqs and master secret as its worker's gateway.
Object.assign(process.env, workerStack().stackEnv);
