import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local endpoint for the two AWS services the functions call that neither DynamoDB Local nor fauxqs
 * serves: Secrets Manager's GetSecretValue (JSON 1.1 protocol) and SES's SendEmail (query protocol),
 * each on the wire as the SDK speaks it, so a bundle's own SDK clients are what is exercised. Anything
 * else it is asked is refused with a 400 naming the operation, which the calling function reports.
 */

/** An e-mail as SES was asked to send it. */
export interface SentEmail {
  readonly source: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** The running endpoint: what it was asked, and its URL for AWS_ENDPOINT_URL_SECRETS_MANAGER and _SES. */
export interface SecretsAndMailEndpoint {
  readonly url: string;
  readonly sentEmails: readonly SentEmail[];
  /** Each secret id a GetSecretValue named, in order. */
  readonly secretReads: readonly string[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
};

const jsonAnswer = (response: ServerResponse, status: number, body: object, errorType?: string) => {
  response.writeHead(status, {
    "content-type": "application/x-amz-json-1.1",
    "x-amzn-requestid": randomUUID(),
    ...(errorType ? { "x-amzn-errortype": errorType } : {}),
  });
  response.end(JSON.stringify(body));
};

const xmlAnswer = (response: ServerResponse, status: number, xml: string) => {
  response.writeHead(status, { "content-type": "text/xml" });
  response.end(xml);
};

const SES_NAMESPACE = "http://ses.amazonaws.com/doc/2010-12-01/";

const sesError = (code: string, message: string): string =>
  `<ErrorResponse xmlns="${SES_NAMESPACE}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;

/** The `Name.member.N` values of a query-protocol list, in order. */
const members = (form: URLSearchParams, name: string): string[] => {
  const values: string[] = [];
  for (let n = 1; form.has(`${name}.member.${n}`); n++) values.push(form.get(`${name}.member.${n}`) ?? "");
  return values;
};

/** Serves `secrets` (ARN → value) and records every e-mail sent, until closed. */
export const startSecretsAndMailEndpoint = async (
  secrets: ReadonlyMap<string, string>,
): Promise<SecretsAndMailEndpoint> => {
  const sentEmails: SentEmail[] = [];
  const secretReads: string[] = [];

  const secretsManager = (target: string, body: string, response: ServerResponse) => {
    if (target !== "secretsmanager.GetSecretValue") {
      return jsonAnswer(
        response,
        400,
        { __type: "UnknownOperationException", message: target },
        "UnknownOperationException",
      );
    }
    const { SecretId } = JSON.parse(body) as { SecretId?: string };
    secretReads.push(String(SecretId));
    const value = SecretId === undefined ? undefined : secrets.get(SecretId);
    if (SecretId === undefined || value === undefined) {
      const message = "Secrets Manager can't find the specified secret.";
      return jsonAnswer(
        response,
        400,
        { __type: "ResourceNotFoundException", message },
        "ResourceNotFoundException",
      );
    }
    jsonAnswer(response, 200, {
      ARN: SecretId,
      Name: SecretId.split(":").at(-1),
      SecretString: value,
      VersionId: "local",
      VersionStages: ["AWSCURRENT"],
      CreatedDate: 0,
    });
  };

  const ses = (body: string, response: ServerResponse) => {
    const form = new URLSearchParams(body);
    const action = form.get("Action") ?? "";
    if (action !== "SendEmail") return xmlAnswer(response, 400, sesError("InvalidAction", action));
    sentEmails.push({
      source: form.get("Source") ?? "",
      to: members(form, "Destination.ToAddresses"),
      subject: form.get("Message.Subject.Data") ?? "",
      text: form.get("Message.Body.Text.Data") ?? "",
      html: form.get("Message.Body.Html.Data") ?? "",
    });
    xmlAnswer(
      response,
      200,
      `<SendEmailResponse xmlns="${SES_NAMESPACE}"><SendEmailResult><MessageId>${randomUUID()}</MessageId></SendEmailResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></SendEmailResponse>`,
    );
  };

  const server = createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const target = request.headers["x-amz-target"];
      if (typeof target === "string") secretsManager(target, body, response);
      else ses(body, response);
    } catch (error) {
      if (!response.headersSent) xmlAnswer(response, 500, sesError("InternalFailure", String(error)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sentEmails,
    secretReads,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
