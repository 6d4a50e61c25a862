import { describe, expect, it } from 'vitest';
import { AdminGetUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { call, cognito, mailedToken, outbox, stack, table, uniqueMember } from '../../support/api';

/** Nothing of a refused sign-up may remain: no Cognito account, no username hold, no mail. */
const expectNothingWritten = async (member: ReturnType<typeof uniqueMember>) => {
  await expect(
    cognito().send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: member.email })),
  ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  const { Item } = await table().send(
    new GetCommand({
      TableName: stack().tableName,
      Key: { PK: `USERNAME#${member.username}`, SK: 'USERNAME' },
    }),
  );
  expect(Item).toBeUndefined();
  expect(await outbox(member.email)).toEqual([]);
};

describe('sponsor check (directid)', () => {
  it('knows the seeded admin as a sponsor and names them', async () => {
    const answer = await call('checkSponsor', { userid: stack().admin.username });
    expect(answer).toEqual({
      status: 200,
      body: { status: 'yes', message: 'Referral id verified.', name: 'Trendex Admin' },
    });
  });

  it('answers no with the spec message for an unknown id', async () => {
    const answer = await call('checkSponsor', { userid: 'nobody_here' });
    expect(answer.body).toEqual({ status: 'no', message: 'Your direct referal id is incorrect.' });
  });
});

describe('sign-up', () => {
  it('creates an unconfirmed account and mails a /verify link', async () => {
    const member = uniqueMember();
    const answer = await call('signUp', member);
    expect(answer.status).toBe(201);
    const user = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: member.email }),
    );
    expect(user.UserStatus).toBe('UNCONFIRMED');
    const [mail] = await outbox(member.email);
    expect(mail.subject).toBe('Verify your Trendex account');
    expect(await mailedToken(member.email, '/verify')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('refuses an unknown sponsor with the spec message and writes nothing', async () => {
    const member = { ...uniqueMember(), sponsor: 'ghost_sponsor' };
    const answer = await call('signUp', member);
    expect(answer).toEqual({
      status: 400,
      body: { code: 'INVALID_SPONSOR', message: 'Your direct referal id is incorrect.', field: 'sponsor' },
    });
    await expectNothingWritten(member);
  });

  it('refuses a weak password, naming the field, and writes nothing', async () => {
    for (const password of ['Short1!', 'alllowercase1!', 'NoDigitsHere!', 'NoSpecial123']) {
      const member = { ...uniqueMember(), password };
      const answer = await call('signUp', member);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        field: 'password',
        message: expect.stringContaining('more than 8 characters'),
      });
      await expectNothingWritten(member);
    }
  });

  it('refuses a taken e-mail with its own message', async () => {
    const first = uniqueMember();
    expect((await call('signUp', first)).status).toBe(201);
    const again = { ...uniqueMember(), email: first.email };
    const answer = await call('signUp', again);
    expect(answer).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN', field: 'email' } });
    expect(answer.body.message).toContain('already registered');
  });

  it('refuses a taken username with its own message, and keeps the first holder', async () => {
    const first = uniqueMember();
    expect((await call('signUp', first)).status).toBe(201);
    const second = { ...uniqueMember(), username: first.username };
    const answer = await call('signUp', second);
    expect(answer).toMatchObject({ status: 409, body: { code: 'USERNAME_TAKEN', field: 'username' } });
    await expect(
      cognito().send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: second.email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...uniqueMember(), email: 'not-an-email' }, 'email'],
      [{ ...uniqueMember(), mobile: '12' }, 'mobile'],
      [{ ...uniqueMember(), mobile: '1234567' }, 'mobile'],
      [{ ...uniqueMember(), side: 'Middle' }, 'side'],
      [{ ...uniqueMember(), acceptTerms: false }, 'acceptTerms'],
      [{ ...uniqueMember(), country: 'India' }, 'country'],
      [(({ name: _omit, ...rest }) => rest)(uniqueMember()), 'name'],
    ];
    for (const [input, field] of cases) {
      const answer = await call('signUp', input);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.field).toBe(field);
      expect(String(answer.body.message).length).toBeGreaterThan(5);
    }
  });

  it('answers malformed JSON with a readable 400', async () => {
    const response = await fetch(`${stack().apiUrl}/auth/register`, { method: 'POST', body: '{not json' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('has Cognito itself refuse a sign-up that skips our API (pre sign-up trigger: no reservation)', async () => {
    const member = uniqueMember();
    await expect(
      cognito().send(
        new SignUpCommand({
          ClientId: stack().userPoolClientId,
          Username: member.email,
          Password: member.password,
          UserAttributes: [
            { Name: 'email', Value: member.email },
            { Name: 'custom:sponsor', Value: 'ghost_sponsor' },
            { Name: 'custom:side', Value: 'Left' },
          ],
        }),
      ),
    ).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining('not made on the Trendex sign-up page'),
    });
  });
});
