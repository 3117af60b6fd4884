import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, apiAs, setupBrowser, signInAsDemo } from './browser';

const ctx = setupBrowser();
// A name no demo material carries, so a name search shows only what this file made.
const MARK = '预览素材';
// Eleven through the API fill page 1 (10 at the default page size) and start page 2.
const API_NAMES = Array.from({ length: 11 }, (_, index) => `${MARK}${String(index + 1).padStart(2, '0')}`);
// Added last, through the dialog: the last material of the list.
const UI_NAME = `${MARK}界面新增`;

/** A 4:3 picture with a coloured background and its number, so each preview looks different. */
function picture(label: string, hue: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="hsl(${hue}, 60%, 55%)"/>
    <text x="400" y="340" font-size="160" text-anchor="middle" fill="#ffffff" font-family="sans-serif">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

beforeAll(async () => {
  const api = await apiAs(ctx.server.url);
  for (const [index, name] of API_NAMES.entries()) {
    const file = `${name}.png`;
    const url = await api.upload('material', file, await picture(String(index + 1), index * 33, 'png'), 'image/png');
    await api.post(`/studio/report/api/report/projects/${DEMO_PROJECT}/material/report_create/`, {
      name,
      create_user: 'demo',
      file: url,
      real_file_name: file,
    });
  }
});

/** Signs in and opens the material list searched for this file's materials. */
async function openMarkedMaterials() {
  const { page, server } = ctx;
  await signInAsDemo(page, server.url);
  await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/materialList?name=${encodeURIComponent(MARK)}`);
  await cardOf(API_NAMES[0]).waitFor();
}

const cardOf = (name: string) => ctx.page.locator('.library-card', { hasText: name });
const overlay = () => ctx.page.locator('.preview-overlay');

/** Waits until the overlay names this material (each step waits, as the overlay ignores keys while it loads a page). */
const overlayShows = (name: string) => overlay().locator('.preview-overlay__name').getByText(name, { exact: true }).waitFor();

async function press(key: 'ArrowLeft' | 'ArrowRight', thenShows: string) {
  await ctx.page.keyboard.press(key);
  await overlayShows(thenShows);
}

describe('素材列表（浏览器）', () => {
  it('adds a material through the 新增素材 dialog and shows its card', async () => {
    const { page } = ctx;
    await openMarkedMaterials();
    await page.getByRole('button', { name: '新增素材' }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '新增素材' });
    await dialog.getByPlaceholder('请输入素材名称').fill(UI_NAME);
    await dialog.locator('input[type=file]').setInputFiles({
      name: '界面新增.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture('UI', 200, 'jpeg'),
    });
    await dialog.getByRole('img', { name: '素材图片' }).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增素材成功').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The list is sorted by creation time, so the new material is the 12th: page 2 at 10 a page.
    await page.getByText(`共 ${API_NAMES.length + 1} 条`).waitFor();
    await page.locator('.library-pagination').getByTitle('2', { exact: true }).click();
    await cardOf(UI_NAME).getByRole('img', { name: UI_NAME }).waitFor();
  });

  it('steps through the preview across pages to both ends, at 0.7 of the window height', async () => {
    const { page } = ctx;
    await openMarkedMaterials();
    await page.getByText(`共 ${API_NAMES.length + 1} 条`).waitFor();
    const pageOne = await page.locator('.library-card__name').allTextContents();
    expect(pageOne).toEqual(API_NAMES.slice(0, 10));

    await page.getByRole('button', { name: `查看 ${API_NAMES[0]}` }).click();
    await overlayShows(API_NAMES[0]);
    await page.keyboard.press('ArrowLeft');
    await page.getByText('已到首个素材').waitFor();
    await overlayShows(API_NAMES[0]);

    const image = overlay().locator('img.preview-overlay__image');
    await page.waitForFunction(() => {
      const shown = document.querySelector<HTMLImageElement>('.preview-overlay img');
      return Boolean(shown?.complete && shown.naturalWidth > 0);
    });
    // The modal zooms in: measure once its opening animation has ended.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    );
    const box = (await image.boundingBox())!;
    const windowHeight = await page.evaluate(() => window.innerHeight);
    expect(Math.abs(box.height / windowHeight - 0.7)).toBeLessThan(0.01);
    if (process.env.MATERIALS_SCREENSHOT) await page.screenshot({ path: process.env.MATERIALS_SCREENSHOT });

    await page.keyboard.press('Escape');
    await overlay().waitFor({ state: 'hidden' });

    // From the 9th: on through the end of page 1 into page 2 (not on screen behind the overlay) and to its end,
    // the material the first test added.
    await page.getByRole('button', { name: `查看 ${API_NAMES[8]}` }).click();
    await overlayShows(API_NAMES[8]);
    await press('ArrowRight', API_NAMES[9]);
    await press('ArrowRight', API_NAMES[10]);
    await press('ArrowRight', UI_NAME);
    await page.keyboard.press('ArrowRight');
    await page.getByText('已到最后素材').waitFor();
    await overlayShows(UI_NAME);
    // And back across the page boundary.
    await press('ArrowLeft', API_NAMES[10]);
    await press('ArrowLeft', API_NAMES[9]);

    await page.keyboard.press('Escape');
    await overlay().waitFor({ state: 'hidden' });
    expect(await page.locator('.library-card__name').allTextContents()).toEqual(pageOne);
  });
});
