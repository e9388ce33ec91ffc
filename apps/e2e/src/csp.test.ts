import { describe, expect, it } from 'vitest';
import { useProduct } from './support/product';
import { pickFamily } from './support/table';

describe('the app under its Content-Security-Policy', () => {
  const product = useProduct({ BOT_DELAY_MS: '50' });

  it('loads, connects its socket and plays against a bot with no CSP violation', async () => {
    const { page } = await product.phone('en-GB', { serviceWorker: true });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
      );
    });
    const console: string[] = [];
    page.on('console', (m) => console.push(m.text()));

    const home = await page.goto(product.url);
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
    // created and seated by one request, then shown seated through the socket, connected under connect-src 'self'
    await page.getByTestId('creator-name').fill('Alice');
    await pickFamily(page, 'duel');
    await page.getByTestId('create-room').tap();
    await page.waitForURL(/\/r\/[A-Za-z0-9_-]{16}$/);
    await page.locator('[data-testid="seat-0"][data-you="true"]').waitFor();

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(console.filter((line) => line.includes('Content Security Policy'))).toEqual([]);
  });
});
