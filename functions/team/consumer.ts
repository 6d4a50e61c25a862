/**
 * The team domain's background work in one entry: pending placements first (an activation waits
 * for its buyer's node), then plan activations (points up the tree, direct bonus). Called by the
 * local stack's poller and, in AWS, by whatever invokes it (docs/decisions/team-and-payout.md,
 * "Placement runs off the request path").
 */
import { processActivations } from './activations';
import { processPendingPlacements } from './placement';

export const drainTeamWork = async (): Promise<{ placed: number; activations: number }> => {
  const placed = await processPendingPlacements();
  const activations = await processActivations();
  return { placed, activations };
};

/** Lambda entry for a stream, queue or schedule: the event's content is not needed, the lists are the queue. */
export const teamConsumer = async (): Promise<{ placed: number; activations: number }> => drainTeamWork();
