import { runCommandLine } from "./run-command-line.js";

// The program behind `npm run ops`: one command line on the process's own streams and environment.
process.exitCode = await runCommandLine(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
