/**
 * The functions a local stack serves, loaded in one go before it needs them: loading them
 * (transforming and evaluating several hundred modules, the SDK and ccxt among them) takes seconds
 * of one core, which then overlap DynamoDB Local's JVM starting on the other. The modules read only
 * their settings from the environment when loaded, and startLocalStack sets those first.
 */
import { consumers } from '#api/consumers';
import { domains, type Domain } from '#api/routes';
import type { TriggerHandler } from './cognito';
import type { ApiHandler } from './gateway';
import { loadSchedules } from './schedules';
import type { WsHandler } from './websocket';

export const loadFunctions = async () => {
  const [triggers, api, realtime, executor, exchangeGateway, consumerWork] = await Promise.all([
    import('#functions/auth/triggers'),
    Promise.all(domains.map((domain) => import(`../functions/${domain}/handler.ts`))),
    import('#functions/realtime/handler'),
    import('#functions/bots/executor'),
    import('#functions/bots/exchangeGateway'),
    Promise.all(consumers.map((c) => import(`../functions/${c.domain}/consumer.ts`))),
    loadSchedules(),
  ]);
  return {
    triggers: {
      PreSignUp: triggers.preSignUp as TriggerHandler,
      PostConfirmation: triggers.postConfirmation as TriggerHandler,
      CustomMessage: triggers.customMessage as TriggerHandler,
      PreTokenGeneration: triggers.preTokenGeneration as TriggerHandler,
    },
    api: Object.fromEntries(domains.map((domain, i) => [domain, api[i].handler as ApiHandler])) as Record<
      Domain,
      ApiHandler
    >,
    realtime: realtime.handler as WsHandler,
    executor: executor.handler,
    exchangeGateway: exchangeGateway.handler,
    /** Each consumer of api/consumers.ts with its work, in that file's order. */
    consumers: consumers.map((c, i) => ({
      ...c,
      work: consumerWork[i][c.handlerExport] as () => Promise<unknown>,
    })),
  };
};
