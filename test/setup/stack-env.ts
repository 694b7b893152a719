import { inject } from "vitest";

// Every test file reaches the same DynamoDB Local, fauxqs and master secret as the gateway under test.
Object.assign(process.env, inject("stackEnv"));
