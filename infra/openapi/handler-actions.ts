import type { GroupActions, GroupHandler } from "../../shared/http/group-handler.js";
import { type EndpointGroup, endpointGroups } from "../../shared/http/routes.js";

/**
 * The route actions of every endpoint group, read from the handlers themselves, so the documents carry
 * exactly the request schemas the Lambdas validate with. Importing a handler builds nothing: its
 * clients and secrets load on first use.
 */
export const handlerActions = async (): Promise<Record<EndpointGroup, GroupActions>> => {
  const entries = await Promise.all(
    endpointGroups.map(async (group) => {
      const module = (await import(`../../functions/${group}/handler.ts`)) as { handler: GroupHandler };
      return [group, module.handler.actions] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<EndpointGroup, GroupActions>;
};
