/** What every team store does to an item it reads: drop the table's key attributes. */
export const stripKeys = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, ...rest } = item;
  return rest as T;
};
