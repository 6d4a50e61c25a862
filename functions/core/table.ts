/** The table's shape, shared by the CDK stack and the local stack's table creation (no client here). */
export const tableDesign = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  ttlAttribute: 'ttl',
} as const;
