import { theme } from 'antd';
import { useCallback, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ItemTagImport } from './item-tag-sheet';
import { BatchBar } from './items/batch-bar';
import { DownloadProgress } from './items/download-progress';
import { ItemPagination } from './items/item-pagination';
import { GroupList } from '../../components/group-list/group-list';
import { crudAccess } from '../../components/group-list/types';
import { useProjectContext } from '../../components/project-context';
import { useIdentity } from '../../providers/identity';
import { TagFilterPanel } from './tag-filter';
import { urlParams } from '../../lib/navigation';
import { useSettings } from '../../lib/settings';
import { ItemDialog, type ItemDialogProps } from './item-dialog';
import type { LibraryKind } from './kinds';
import { ItemsArea } from './items-area';
import { PAGE_SIZES } from './list-query';
import { PreviewOverlay } from './preview-overlay';
import { Toolbar } from './toolbar';
import { detailSearch, type LibraryItem } from './types';
import { useBatchActions } from './use-batch-actions';
import { useLibraryData } from './use-library-data';
import { useListQuery } from './use-list-query';
import { useSelection } from './use-selection';
import { BatchJobProgress } from './batch/batch-job-progress';
import { BatchLabelDialog } from './batch/batch-label-dialog';
import { batchFilter } from './batch/scope';
import { SelectAllBanner } from './batch/select-all-banner';
import { feedback } from '../../lib/feedback';
import { useBinNotice } from '../recycle-bin/delete-notice';
import './library.css';

type DialogState = Pick<ItemDialogProps, 'mode' | 'item'>;

/** The theme's colours for the library's own CSS (library.css, group-list.css). */
const surfaceColors = (token: ReturnType<typeof theme.useToken>['token'], dark: boolean) =>
  ({
    '--library-surface': token.colorBgContainer,
    '--library-fill': token.colorFillTertiary,
    '--library-active': token.controlItemBgActive,
    '--library-primary': token.colorPrimary,
    // On the dark theme's active background the primary colour itself is too dark to read.
    '--library-primary-text': dark ? token.colorPrimaryTextHover : token.colorPrimaryText,
  }) as CSSProperties;

/** The library's surface colours for the current theme (the 成果 screens share library.css). */
export function useSurfaceColors(): CSSProperties {
  const { token } = theme.useToken();
  const { theme: settingsTheme } = useSettings();
  return surfaceColors(token, settingsTheme === 'dark');
}

/** The report list and the material list, one screen driven by the kind's data (ARCHITECTURE principle 2). */
export function LibraryScreen({ kind }: { kind: LibraryKind }) {
  const { projectId, can, showGroupPanel, showToolbar } = useProjectContext();
  const surface = useSurfaceColors();
  const may = (action: string) => can(kind.resource, action);
  const navigate = useNavigate();
  // The 成果 area's report list opens its own detail route (spec section 2: both are read alike).
  const inResults = useLocation().pathname.startsWith('/cstjPage/');
  const { data: identity } = useIdentity();
  const { query, update, searchParams } = useListQuery(projectId, kind);
  const { api, items, page, groups, groupList: groupAnswer, reload, loadKey } = useLibraryData(projectId, kind, query);
  const { selecting, checked, allMatching, setSelecting, setChecked, setAllMatching } = useSelection(loadKey);
  const chosen = page.items.filter((item) => checked.includes(item.id));
  const binNotice = useBinNotice(projectId);
  const batch = useBatchActions({ kind, binNotice, api, chosen, reload, allMatching: allMatching ? { filter: batchFilter(query), total: page.total } : undefined });
  const [labeling, setLabeling] = useState(false);
  const pageAllChecked = page.items.length > 0 && chosen.length === page.items.length;
  const [dialog, setDialog] = useState<DialogState>();
  const [preview, setPreview] = useState<number>();
  // The tag filter's checked labels before 筛选 applies them; a new applied set or group replaces them.
  const appliedLabels = `${query.groupId ?? ''}|${query.labelIds.join(',')}`;
  const [labelDraft, setLabelDraft] = useState({ applied: appliedLabels, ids: query.labelIds });
  const draftIds = labelDraft.applied === appliedLabels ? labelDraft.ids : query.labelIds;

  const selectGroup = (groupId: number | undefined) =>
    update({ groupId, start: undefined, end: undefined, labelIds: [], pageNo: 1 });
  const open = useCallback(
    (item: LibraryItem, index: number) => {
      if (kind.fileIsImage) setPreview(index);
      else if (inResults) navigate(`/cstjPage/${projectId}/statisticsDetail${detailSearch(item)}&from=reportList`);
      else navigate(`/report/${projectId}/reportDetail${detailSearch(item, query.content)}`);
    },
    [kind.fileIsImage, inResults, navigate, projectId, query.content],
  );
  const edit = useCallback((item: LibraryItem) => setDialog({ mode: 'edit', item }), []);
  const loadPage = useCallback(
    async (pageNo: number) => (await api.listItems(query, pageNo)).items,
    [api, query],
  );

  const groupList = groupAnswer.groups;
  const showMoveOut = query.groupId !== undefined;

  return (
    <div className="library" style={surface}>
      {showGroupPanel && (
        <GroupList
          look="card"
          saveOrder="on-button"
          rename="in-place"
          texts={{
            title: '分组',
            all: '全部内容',
            deleteConfirm: (count) => `此操作将把${count}个分组移入回收站（期间可在回收站还原），分组中的${kind.entity}将移出分组，是否继续操作?`,
            sortFailed: '数据保存失败!',
          }}
          width={kind.sideWidth}
          groups={groupList}
          countOf={(group) => group.num}
          total={groupAnswer.total}
          loading={groups.isLoading}
          selected={query.groupId}
          onSelect={selectGroup}
          access={crudAccess(can, kind.groupResource)}
          onCreate={async (name) => (await api.createGroup(name, groupList.length, identity?.uuid)).message || '新增分组成功'}
          onRename={(group, name) => api.renameGroup(group, name, identity?.uuid)}
          onSort={(ordered) => api.sortGroups(ordered, identity?.uuid)}
          onDelete={api.deleteGroups}
          onChanged={reload}
        />
      )}
      <main className="library-main">
        {showToolbar && (
          <Toolbar
            kind={kind}
            query={query}
            onChange={update}
            selecting={selecting}
            onSelecting={may('settings') ? setSelecting : undefined}
            onCreate={may('create') ? () => setDialog({ mode: 'create' }) : undefined}
          />
        )}
        <TagFilterPanel
          projectUuid={projectId}
          origin={kind.entity}
          groupId={query.groupId}
          can={can}
          value={draftIds}
          onChange={(ids) => setLabelDraft({ applied: appliedLabels, ids })}
          onFilter={(labelIds) => update({ labelIds, pageNo: 1 })}
          onReset={() => update({ labelIds: [], pageNo: 1 })}
        />
        {selecting && (
          <BatchBar
            count={page.items.length}
            checkedCount={chosen.length}
            selectedCount={batch.count}
            onCheckAll={(all) => setChecked(all ? page.items.map((item) => item.id) : [])}
            groups={groupList}
            onMove={may('batchEdit') ? (groupId) => void batch.move(groupId) : undefined}
            onMoveOut={may('batchEdit') && showMoveOut ? batch.moveOut : undefined}
            onDelete={may('batchDelete') ? batch.remove : undefined}
            onDownload={() => void batch.download()}
            onBulkAdd={may('create') ? () => setDialog({ mode: 'bulk' }) : undefined}
            onLabel={may('batchEdit') ? () => (batch.count > 0 ? setLabeling(true) : feedback.warning('请勾选需要打标签的数据!')) : undefined}
            onExportTags={kind.tagSheet && may('batchEdit') ? batch.exportTags : undefined}
            importTags={kind.tagSheet && may('batchEdit') ? <ItemTagImport kind={kind} projectUuid={projectId} onImported={reload} /> : undefined}
          />
        )}
        {selecting && pageAllChecked && page.total > page.items.length && (
          <SelectAllBanner
            pageCount={page.items.length}
            total={page.total}
            entity={kind.entity}
            allMatching={allMatching}
            onSelectAll={() => setAllMatching(true, checked)}
            onClear={() => setAllMatching(false, [])}
          />
        )}
        <ItemsArea
          kind={kind}
          query={query}
          page={page}
          loading={items.isLoading}
          fetching={items.isFetching}
          selecting={selecting}
          checked={checked}
          canEdit={may('edit')}
          createHint={may('create') && showToolbar}
          onCheck={setChecked}
          onOpen={open}
          onEdit={edit}
        />
        <ItemPagination pageNo={query.pageNo} pageSize={query.pageSize} total={page.total} sizes={PAGE_SIZES} onPage={update} />
      </main>
      <ItemDialog
        kind={kind}
        projectUuid={projectId}
        mode={dialog?.mode ?? 'create'}
        item={dialog?.item}
        groupId={query.groupId}
        hasDimension={urlParams(searchParams.toString()).get('hasDimension') === 'true'}
        dataVariant={urlParams(searchParams.toString()).get('variant') === 'data'}
        open={dialog !== undefined}
        onClose={() => setDialog(undefined)}
        onSaved={reload}
      />
      {kind.fileIsImage && (
        <PreviewOverlay
          open={preview !== undefined}
          items={page.items}
          index={preview ?? 0}
          pageNo={query.pageNo}
          pageCount={Math.max(1, Math.ceil(page.total / query.pageSize))}
          loadPage={loadPage}
          onClose={() => setPreview(undefined)}
        />
      )}
      <DownloadProgress percent={batch.progress} />
      <BatchLabelDialog open={labeling} projectUuid={projectId} origin={kind.entity} count={batch.count} onClose={() => setLabeling(false)} onSubmit={batch.label} />
      <BatchJobProgress batchId={batch.job?.id} title={`正在${batch.job?.title ?? '批量处理'}`} read={batch.readJob} onEnd={batch.jobEnded} />
    </div>
  );
}
