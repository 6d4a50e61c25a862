/**
 * THE table of background work woken by the table itself (DynamoDB Streams): with the routes
 * (api/routes.ts) and the schedules (api/schedules.ts), every way code runs is found here. The CDK
 * stack subscribes each consumer to the table's stream, filtered to the items that wake it
 * (lib/constructs/consumers.ts); the local stack polls the same handler. No I/O in this folder.
 *
 * The handler of an entry is the export `handlerExport` of `functions/<domain>/consumer.ts`.
 */
export interface StreamConsumer {
  /** Unique, camelCase: the function's name and its log name. */
  name: string;
  description: string;
  domain: string;
  handlerExport: string;
  /** What wakes it, in words (the filters are built from the key scheme in the stack). */
  wakesOn: string;
}

export const consumers = [
  {
    name: 'teamConsumer',
    description: 'Places new members in the tree and counts plan activations up it',
    domain: 'team',
    handlerExport: 'teamConsumer',
    wakesOn: 'a pending placement (sign-up confirmed) or a plan transaction (purchase) inserted',
  },
] as const satisfies readonly StreamConsumer[];

export type ConsumerName = (typeof consumers)[number]['name'];
