/**
 * Every admin operation of the route table refuses a visitor (401) and a member (403), before any
 * admin code runs, and changes nothing. Generated from api/routes.ts: a new admin route is covered
 * by itself. Each call carries a well-formed body, so a refusal is the access rule, not validation.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type OperationId } from '#api/routes';
import { call, newVerifiedMember } from '../../support/api';

const adminOps = (Object.keys(routes) as OperationId[]).filter((op) => routes[op].access === 'admin');

/** A plausible input of each admin operation's schema: what a valid admin call would send. */
const sample: Record<string, Record<string, unknown>> = {
  searchProfiles: { by: 'email', keyword: 'someone@example.com' },
  editProfile: { memberId: 'x', requestId: randomUUID(), balanceToAdd: '1000' },
  transferEmail: { currentEmail: 'a@example.com', newEmail: 'b@example.com' },
  registrationReport: { from: '2026-01-01', to: '2026-01-31' },
  activationReport: { from: '2026-01-01', to: '2026-01-31' },
  payoutStructureReport: { from: '2026-01-01', to: '2026-01-31' },
  leadersReport: { from: '2026-01-01', to: '2026-01-31', email: 'a@example.com' },
  distributeProfit: { requestId: randomUUID(), coreIncome: '1', premiumIncome: '' },
  masterReport: { from: '2026-01-01', to: '2026-01-31' },
  memberTrades: { memberId: 'x' },
  orderReport: { from: '2026-01-01', to: '2026-01-31', bot: 'zeno' },
  walletReport: { kind: 'deposit', from: '2026-01-01', to: '2026-01-31' },
};

let member: string;
beforeAll(async () => {
  member = (await newVerifiedMember()).idToken;
});

describe('admin operations refuse visitors and members', () => {
  it('the route table has admin operations, including the trading side', () => {
    expect(adminOps).toEqual(
      expect.arrayContaining(['getAdminSummary', 'distributeProfit', 'auditLog', 'apiErrors', 'orderReport']),
    );
  });

  it.each(adminOps)('%s: a visitor gets 401', async (op) => {
    const r = await call(op, sample[op] ?? {});
    expect(r.status, JSON.stringify(r.body)).toBe(401);
  });

  it.each(adminOps)('%s: a member gets 403', async (op) => {
    const r = await call(op, sample[op] ?? {}, member);
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.code).toBe('FORBIDDEN');
  });
});
