import { chromium } from '@playwright/test';
const [,, url, out, scroll='0', w='390'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: Number(w), height: 780 } });
await p.addInitScript(() => sessionStorage.setItem('splash-seen', '1'));
await p.goto(url); await p.waitForLoadState('networkidle');
await p.evaluate((y) => window.scrollTo(0, y), Number(scroll)); await p.waitForTimeout(800);
await p.screenshot({ path: out });
await b.close();
