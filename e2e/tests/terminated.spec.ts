import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { registerMember, useEnglish } from '../support/members';

test('when the operator closes the service, the login page goes to the closed page', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await page.goto('/login');
  await useEnglish(page);

  const closed = await request.post('/api/sandbox/service', { data: { terminated: true } });
  expect(closed.status()).toBe(200);
  try {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/terminated$/);
    await expect(page.getByRole('heading', { name: 'Service closed' })).toBeVisible();
    await expectAccessible(page, 'service closed');

    const login = await request.post('/api/login', {
      data: { username: member.phone, password: member.password },
    });
    expect(login.status()).toBe(410);
    expect(await login.json()).toMatchObject({ code: 'TERMINATED' });
  } finally {
    await request.post('/api/sandbox/service', { data: { terminated: false } });
  }

  await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
});
