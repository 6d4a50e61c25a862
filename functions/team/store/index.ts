/**
 * What other domains read of the team's items today (the admin's profiles, e-mail transfer and
 * reports, the tree bench). The team's own code imports the store module it needs: tree.ts
 * (nodes, root, direct referrals, the climb up the tree), placements.ts, activations.ts, rewards.ts.
 */
export { legActivations } from './activations';
export { getPlacement, type PlacementItem } from './placements';
export { listRewardsByDate, type RewardRow } from './rewards';
export { getNode, type NodeItem } from './tree';
