/** One ops command line for the ops thread, with settings of its own for that command. */
export interface OpsRequest {
  readonly id: number;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** What the command printed and how it exited, as `npm run ops` would. */
export interface OpsReply {
  readonly id: number;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}
