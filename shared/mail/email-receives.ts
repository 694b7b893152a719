/** Receives of an e-mail job before its queue moves it to the dead-letter queue (CDK and the local stack). */
export const EMAIL_MAX_RECEIVES = 5;
