/** Admin profile search by its four keys, through the API as the admin's browser calls it. */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { topUp } from '../../support/fund';
import { placed } from '../../support/team';
import { adminToken, joinMember, uniqueMobile } from '../../support/admin';

type Row = Record<string, unknown>;
let admin: string;

beforeAll(async () => {
  admin = await adminToken();
});

const search = async (by: string, keyword: string, extra: Record<string, string> = {}) => {
  const r = await call('searchProfiles', { by, keyword, ...extra }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { items: Row[]; cursor?: string };
};

describe('admin profile search', () => {
  it('finds one member by username and by e-mail, in any case, with the table columns', async () => {
    const m = await joinMember();
    await topUp(m.idToken, '12.5');
    const expected = {
      id: m.id,
      email: m.email,
      name: m.name,
      username: m.username,
      sponsor: m.sponsor,
      mobile: `+91${m.mobile}`,
      rank: 1,
      rankName: 'Trendex Champ',
      wallet: 12_500_000,
      grantedBot: null,
    };
    expect((await search('username', m.username.toUpperCase())).items).toEqual([
      expect.objectContaining(expected),
    ]);
    expect((await search('email', ` ${m.email.toUpperCase()} `)).items).toEqual([
      expect.objectContaining(expected),
    ]);
  });

  it('answers an empty list when nothing matches', async () => {
    expect((await search('username', 'nobody_has_this_name')).items).toEqual([]);
    expect((await search('email', 'nobody-here@example.com')).items).toEqual([]);
    expect((await search('sponsor', 'nobody_has_this_name')).items).toEqual([]);
    expect((await search('mobile', uniqueMobile())).items).toEqual([]);
  });

  it('lists the members a sponsor referred, paged', async () => {
    const sponsor = await joinMember();
    await placed(sponsor.id);
    const left = await joinMember({ sponsor: sponsor.username, side: 'Left' });
    const right = await joinMember({ sponsor: sponsor.username, side: 'Right' });
    await placed(left.id);
    await placed(right.id);

    const all = await search('sponsor', sponsor.username);
    expect(all.items.map((r) => r.email).sort()).toEqual([left.email, right.email].sort());
    expect(all.items.every((r) => r.sponsor === sponsor.username)).toBe(true);

    const first = await search('sponsor', sponsor.username, { limit: '1' });
    expect(first.items).toHaveLength(1);
    expect(first.cursor).toBeTruthy();
    const second = await search('sponsor', sponsor.username, { limit: '1', cursor: first.cursor! });
    expect(second.items).toHaveLength(1);
    expect([first.items[0].id, second.items[0].id].sort()).toEqual([left.id, right.id].sort());
  });

  it('finds members by mobile number: national digits in any spacing, or the international number', async () => {
    const mobile = uniqueMobile();
    const a = await joinMember({ mobile });
    const b = await joinMember({ mobile });
    const spaced = `${mobile.slice(0, 5)} ${mobile.slice(5)}`;
    for (const keyword of [mobile, spaced, `0${mobile}`, `+91 ${spaced}`, `0091${mobile}`]) {
      const found = await search('mobile', keyword);
      expect(found.items.map((r) => r.id).sort(), keyword).toEqual([a.id, b.id].sort());
    }
    // the same national number in another country is another number
    expect((await search('mobile', `+44 ${mobile}`)).items).toEqual([]);
    // an international number's pages go on across the partitions it is looked up in
    const first = await search('mobile', `+91${mobile}`, { limit: '1' });
    expect(first.cursor).toBeTruthy();
    const second = await search('mobile', `+91${mobile}`, { limit: '1', cursor: first.cursor! });
    const third = second.cursor
      ? await search('mobile', `+91${mobile}`, { limit: '1', cursor: second.cursor })
      : { items: [] };
    expect([...first.items, ...second.items, ...third.items].map((r) => r.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect(third.cursor).toBeUndefined();
  });

  it('explains a search text that cannot be a mobile number or an e-mail', async () => {
    const mobile = await call('searchProfiles', { by: 'mobile', keyword: 'call me' }, admin);
    expect(mobile.status).toBe(400);
    expect(mobile.body).toMatchObject({
      field: 'keyword',
      message: expect.stringContaining('mobile number'),
    });
    const email = await call('searchProfiles', { by: 'email', keyword: 'not-an-email' }, admin);
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Enter a valid e-mail address.');
  });

  it('is for admins only', async () => {
    const m = await joinMember();
    const r = await call('searchProfiles', { by: 'email', keyword: m.email }, m.idToken);
    expect(r.status).toBe(403);
    expect((await call('searchProfiles', { by: 'email', keyword: m.email })).status).toBe(401);
  });
});
