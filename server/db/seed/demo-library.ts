import { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { MIME } from '../../lib/file-types';
import { newStorageKey, type Storage } from '../../lib/storage';
import { makeThumbnail } from '../../lib/thumbnails';
import { fileUrl } from '../../modules/uploads/access';
import type { Db } from '../client';
import { labels, libraryGroups, libraryItemLabels, libraryItems, storedFiles, users, type LabelOrigin, type LibraryKind } from '../schema';
import { DEMO } from './demo-accounts';
import type { materialImage } from './demo-images';
import { DEMO_MATERIALS, DEMO_REPORTS, MATERIAL_GROUPS, REPORT_GROUPS } from './demo-library-content';

export interface SeedContext {
  /** Where demo files go; without it the demo reports and materials are not made. */
  storage?: Storage;
  /** Keys written so far, removed again when the seed transaction fails. */
  written: string[];
}

const DAY_MS = 86_400_000;
type LabelPicker = (names: string[], origin: LabelOrigin) => number[];

/** A moment `daysAgo` days back, in working hours, so the demo dates spread. */
const daysAgo = (days: number, index: number) => {
  const at = new Date(Date.now() - days * DAY_MS);
  at.setHours(9 + (index % 8), (index * 17) % 60, 0, 0);
  return at;
};

async function put(context: SeedContext, bytes: Buffer | Uint8Array) {
  const key = newStorageKey();
  context.written.push(key);
  return { key, ...(await context.storage!.put(key, Readable.from([Buffer.from(bytes)]))) };
}

interface DemoFile {
  name: string;
  bytes: Buffer | Uint8Array;
  type: 'pdf' | 'jpeg' | 'png';
  /** Images: the card preview, as an upload gets one. */
  thumbnail?: Buffer;
  userUuid: string;
  at: Date;
}

/** Stores a demo file as an upload would: project-scoped, images with their thumbnail. */
async function storeFile(tx: Db, context: SeedContext, file: DemoFile) {
  const stored = await put(context, file.bytes);
  const thumbnail = file.thumbnail ? await put(context, file.thumbnail) : null;
  const [row] = await tx
    .insert(storedFiles)
    .values({
      organizationUuid: DEMO.organizationUuid,
      projectUuid: DEMO.projectUuid,
      storageKey: stored.key,
      name: file.name,
      size: stored.size,
      mime: MIME[file.type],
      sha256: stored.sha256,
      thumbKey: thumbnail?.key ?? null,
      thumbSize: thumbnail?.size ?? null,
      createdBy: file.userUuid,
      createdAt: file.at,
    })
    .returning();
  return row;
}

/** The demo project's groups of a kind by name, made when missing. */
async function groupsByName(tx: Db, kind: LibraryKind, names: string[], userUuid: string): Promise<Map<string, number>> {
  await tx
    .insert(libraryGroups)
    .values(names.map((name, sorted) => ({ projectUuid: DEMO.projectUuid, kind, name, sorted, userUuid })))
    .onConflictDoNothing();
  const rows = await tx.select().from(libraryGroups).where(and(eq(libraryGroups.projectUuid, DEMO.projectUuid), eq(libraryGroups.kind, kind)));
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function isEmpty(tx: Db, kind: LibraryKind) {
  const [{ n }] = await tx.select({ n: count() }).from(libraryItems).where(and(eq(libraryItems.projectUuid, DEMO.projectUuid), eq(libraryItems.kind, kind)));
  return n === 0;
}

async function addItem(tx: Db, item: typeof libraryItems.$inferInsert, labelIds: number[]) {
  const [row] = await tx.insert(libraryItems).values(item).returning({ id: libraryItems.id });
  if (labelIds.length) await tx.insert(libraryItemLabels).values(labelIds.map((labelId) => ({ itemId: row.id, labelId })));
}

async function seedReports(tx: Db, context: SeedContext, userUuid: string, labelIds: LabelPicker) {
  const groups = await groupsByName(tx, 'report', REPORT_GROUPS, userUuid);
  for (const [index, report] of DEMO_REPORTS.entries()) {
    const at = daysAgo(report.daysAgo, index);
    const name = report.name.replace('{year}', String(at.getFullYear() - 1));
    // pdf-lib and the demo font load only when the demo files are made, not at every start's check.
    const { reportPdf } = await import('./demo-pdf');
    const bytes = await reportPdf({ title: name, dimensions: report.dimensions, year: at.getFullYear(), month: at.getMonth() + 1, variant: index });
    const file = await storeFile(tx, context, { name: `${name}.pdf`, bytes, type: 'pdf', userUuid, at });
    await addItem(
      tx,
      {
        projectUuid: DEMO.projectUuid,
        kind: 'report',
        name,
        createUser: DEMO.nickname,
        cover: `/covers/default-${report.cover}.png`,
        file: fileUrl(file),
        fileId: file.id,
        realFileName: file.name,
        groupId: report.group ? groups.get(report.group)! : null,
        createdBy: userUuid,
        createdAt: at,
        updatedAt: at,
      },
      labelIds(report.labels, '报告'),
    );
  }
}

type Picture = Awaited<ReturnType<typeof materialImage>> & { thumbnail: Buffer };

/** sharp draws on its own threads, so the pictures are made side by side (and beside the PDFs). */
const drawPictures = (): Promise<Picture[]> =>
  Promise.all(DEMO_MATERIALS.map(async (material) => {
    const image = await (await import('./demo-images')).materialImage(material);
    return { ...image, thumbnail: await makeThumbnail(image.bytes) };
  }));

async function seedMaterials(tx: Db, context: SeedContext, userUuid: string, labelIds: LabelPicker, pictures: Promise<Picture[]>) {
  const groups = await groupsByName(tx, 'material', MATERIAL_GROUPS, userUuid);
  const images = await pictures;
  for (const [index, material] of DEMO_MATERIALS.entries()) {
    const at = daysAgo(material.daysAgo, index);
    const image = images[index];
    const file = await storeFile(tx, context, {
      name: `${material.name}.${image.extension}`,
      bytes: image.bytes,
      type: image.extension === 'jpg' ? 'jpeg' : 'png',
      thumbnail: image.thumbnail,
      userUuid,
      at,
    });
    await addItem(
      tx,
      {
        projectUuid: DEMO.projectUuid,
        kind: 'material',
        name: material.name,
        createUser: DEMO.nickname,
        file: fileUrl(file),
        fileId: file.id,
        realFileName: file.name,
        groupId: material.group ? groups.get(material.group)! : null,
        createdBy: userUuid,
        createdAt: at,
        updatedAt: at,
      },
      labelIds([material.label], '素材'),
    );
  }
}

/**
 * Demo reports (real several-page Chinese PDFs) and materials (pictures with thumbnails),
 * with groups and labels, for a demo project that has none of that kind yet.
 */
export async function seedDemoLibrary(tx: Db, context: SeedContext): Promise<void> {
  if (!context.storage) return;
  const [user] = await tx.select({ uuid: users.uuid }).from(users).where(eq(users.username, DEMO.username));
  if (!user) return;
  const projectLabels = await tx.select({ id: labels.id, name: labels.name, origin: labels.origin }).from(labels).where(eq(labels.projectUuid, DEMO.projectUuid));
  // Demo labels someone deleted are left out rather than stopping the start.
  const labelIds: LabelPicker = (names, origin) => names.flatMap((name) => projectLabels.filter((row) => row.name === name && row.origin === origin).map((row) => row.id));
  const pictures = (await isEmpty(tx, 'material')) ? drawPictures() : null;
  // Awaited below; this only keeps a failure from going unhandled while the reports are made.
  pictures?.catch(() => undefined);
  if (await isEmpty(tx, 'report')) await seedReports(tx, context, user.uuid, labelIds);
  if (pictures) await seedMaterials(tx, context, user.uuid, labelIds, pictures);
}
