import { describe, expect, it } from 'vitest';
import { call, logInAdmin, stack } from '../../support/api';
import { node, placed, register } from '../../support/team';

describe('tree placement from sign-ups', () => {
  it('places sign-ups at the bottom of the sponsor’s leg and counts them on every ancestor', async () => {
    const sponsor = await register(stack().admin.username, 'Right');
    await placed(sponsor.id);
    const before = (await node(sponsor.id))!;
    expect(before).toMatchObject({ leftCount: 0, rightCount: 0, directLeft: 0, directRight: 0 });

    // a: sponsor's left; b: spills under a (bottom of the left leg); c: sponsor's right
    const a = await register(sponsor.username, 'Left');
    await placed(a.id);
    const b = await register(sponsor.username, 'Left');
    await placed(b.id);
    const c = await register(sponsor.username, 'Right');
    await placed(c.id);
    // d: sponsored by a on the Right, goes under a's right slot
    const d = await register(a.username, 'Right');
    await placed(d.id);

    expect(await node(a.id)).toMatchObject({
      parentId: sponsor.id,
      position: 'Left',
      left: b.id,
      right: d.id,
    });
    expect(await node(b.id)).toMatchObject({ parentId: a.id, position: 'Left', sponsorId: sponsor.id });
    expect(await node(c.id)).toMatchObject({ parentId: sponsor.id, position: 'Right' });
    expect(await node(d.id)).toMatchObject({ parentId: a.id, position: 'Right', sponsorId: a.id });

    await expect
      .poll(async () => {
        const s = (await node(sponsor.id))!;
        return [s.leftCount, s.rightCount, s.directLeft, s.directRight];
      })
      .toEqual([3, 1, 2, 1]);
    await expect
      .poll(async () => {
        const n = (await node(a.id))!;
        return [n.leftCount, n.rightCount, n.directLeft, n.directRight];
      })
      .toEqual([1, 1, 0, 1]);
  });

  it('lets a member read their team, and the direct referrals per side, paged', async () => {
    const sponsor = await register(stack().admin.username, 'Left');
    await placed(sponsor.id);
    const left1 = await register(sponsor.username, 'Left');
    const left2 = await register(sponsor.username, 'Left');
    const right = await register(sponsor.username, 'Right');
    for (const m of [left1, left2, right]) await placed(m.id);

    await expect
      .poll(async () => (await call('getTeam', {}, sponsor.idToken)).body)
      .toMatchObject({
        directLeft: 2,
        directRight: 1,
        leftCount: 2,
        rightCount: 1,
        leftPoints: '0.00',
        rightPoints: '0.00',
        placed: true,
      });

    const first = await call('listDirectReferrals', { side: 'Left', limit: '1' }, sponsor.idToken);
    expect(first.status).toBe(200);
    const page1 = first.body as { items: { email: string; joinedAt: string }[]; cursor?: string };
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0].email).toBe(left2.email); // newest first
    const second = await call(
      'listDirectReferrals',
      { side: 'Left', limit: '1', cursor: page1.cursor! },
      sponsor.idToken,
    );
    expect((second.body as typeof page1).items.map((i) => i.email)).toEqual([left1.email]);
    const rights = await call('listDirectReferrals', { side: 'Right' }, sponsor.idToken);
    expect((rights.body as typeof page1).items.map((i) => i.email)).toEqual([right.email]);

    const bad = await call('listDirectReferrals', { side: 'Up' }, sponsor.idToken);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('side');
  });

  it('shows the admin a subtree of three levels rooted anywhere, found by e-mail', async () => {
    const adminToken = await logInAdmin();
    const top = await register(stack().admin.username, 'Left');
    await placed(top.id);
    const l = await register(top.username, 'Left');
    const r = await register(top.username, 'Right');
    await placed(l.id);
    await placed(r.id);
    const ll = await register(l.username, 'Left');
    await placed(ll.id);

    const tree = await call('getTree', { email: top.email }, adminToken);
    expect(tree.status).toBe(200);
    const body = tree.body as { rootId: string; nodes: { id: string; email: string; leftCount: number }[] };
    expect(body.rootId).toBe(top.id);
    expect(body.nodes.map((n) => n.email).sort()).toEqual([top.email, l.email, r.email, ll.email].sort());
    await expect
      .poll(async () => {
        const again = (await call('getTree', { memberId: top.id }, adminToken)).body as typeof body;
        return again.nodes.find((n) => n.id === top.id)?.leftCount;
      })
      .toBe(2);

    const rootTree = await call('getTree', {}, adminToken);
    expect((rootTree.body as typeof body).nodes[0].email).toBe(stack().admin.email);

    const unknown = await call('getTree', { email: 'nobody-here@example.com' }, adminToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no member/i);

    const asMember = await call('getTree', {}, top.idToken);
    expect(asMember.status).toBe(403);
  });
});
