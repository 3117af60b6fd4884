import { Alert, Button, Form, Modal, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { REGION_LEVEL_NAMES, type GeneratePayload, type RegionPath } from '../../../../contract/results';
import type { Project } from '../../../resources/records';
import { DimensionField, type DimensionOption } from '../../library/item-dialog/dimension-field';
import { RegionCascader } from '../region-cascader';
import { pathsAtLevel, regionPayload } from '../regions';
import { useRegionTree } from '../use-results-data';
import { useGenerateOptions } from './use-generate-options';

interface GenerateValues {
  level_label?: number;
  regions?: RegionPath[];
  report_type?: number;
  report_group_id?: number;
}

interface GenerateDialogProps {
  open: boolean;
  projectId: string;
  project: Project | undefined;
  dimensions: DimensionOption[] | undefined;
  /** What the page is filtered by: the dialog opens with them chosen. */
  chosen: { dimensionId?: number; regions: RegionPath[] };
  /** Starts the job; rejects when the server refused it (it has said why). */
  onGenerate: (payload: GeneratePayload) => Promise<void>;
  starting: boolean;
  onClose: () => void;
}

/** Where the project's data lies (its extra_info), or undefined when no connection is set. */
function dataSource(project: Project | undefined) {
  const info = project?.extra_info;
  const connectionId = Number(info?.connection_id);
  if (!info || !Number.isInteger(connectionId) || connectionId <= 0) return undefined;
  return { connection_id: connectionId, database_name: info.database_name ?? '', schema_name: info.schema_name ?? '' };
}

/** 成果生成: one report per chosen region for a research dimension, into a report group. */
export function GenerateDialog(props: GenerateDialogProps) {
  return (
    <Modal open={props.open} title="成果生成" onCancel={props.onClose} footer={null} width={640} destroyOnHidden maskClosable={false}>
      <GenerateForm {...props} />
    </Modal>
  );
}

function GenerateForm({ projectId, project, dimensions, chosen, onGenerate, starting, onClose }: GenerateDialogProps) {
  const [form] = Form.useForm<GenerateValues>();
  const [dimensionId, setDimensionId] = useState(chosen.dimensionId);
  const dimension = dimensions?.find((option) => option.value === dimensionId);
  const level = dimension?.level;
  const tree = useRegionTree(projectId, level);
  // The page's regions, once the tree of the dimension's level has come, as regions of that level.
  const regionsPending = useRef(chosen.regions.length > 0);
  useEffect(() => {
    if (!regionsPending.current || !level || !tree.settled) return;
    form.setFieldValue('regions', pathsAtLevel(tree.nodes, chosen.regions, level));
    regionsPending.current = false;
  }, [level, tree.settled, tree.nodes, chosen.regions, form]);
  const options = useGenerateOptions(projectId, true);
  const source = dataSource(project);

  const submit = async (values: GenerateValues) => {
    if (!source || !dimension?.level) return;
    const regions = (values.regions ?? []).filter((path) => path.length === dimension.level);
    const payload: GeneratePayload = {
      data_list: regions.map(regionPayload),
      report_type: values.report_type!,
      level: dimension.level,
      level_label: dimension.value,
      report_project_uuid: projectId,
      ...source,
      report_group_id: values.report_group_id!,
    };
    try {
      await onGenerate(payload);
      onClose();
    } catch {
      // The HTTP layer has shown the server's reason; the dialog stays for a correction.
    }
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '88px' }} onFinish={submit} className="results-generate" initialValues={{ level_label: chosen.dimensionId }}>
      {!source && (
        <Alert
          type="warning"
          showIcon
          className="results-generate__alert"
          message="项目尚未配置数据连接"
          description={
            <>
              成果由项目数据连接中的区域与指标数据生成，请先在 <Link to={`/projectSetting/${projectId}/resultsData`}>项目设置 › 成果数据</Link> 中选择。
            </>
          }
        />
      )}
      <Form.Item name="level_label" label="研究维度" rules={[{ required: true, message: '请选择研究维度' }]}>
        <DimensionField
          options={dimensions}
          onChange={(id) => {
            setDimensionId(id);
            form.setFieldValue('regions', []);
            regionsPending.current = chosen.regions.length > 0;
          }}
        />
      </Form.Item>
      <Form.Item
        name="regions"
        label="区域"
        rules={[{ required: true, type: 'array', min: 1, message: '请选择区域' }]}
        extra={level ? `该维度按${REGION_LEVEL_NAMES[level].replace(/名称|号$/, '')}生成，每个区域一份报告` : '请先选择研究维度'}
        help={tree.problem}
        validateStatus={tree.problem ? 'error' : undefined}
      >
        <RegionCascaderField nodes={tree.nodes} level={level} loading={tree.loading} disabled={!level} />
      </Form.Item>
      <Form.Item name="report_type" label="报告类型" rules={[{ required: true, message: '请选择报告类型' }]}>
        <Select
          aria-label="报告类型"
          options={options.reportTypes}
          loading={options.reportTypesLoading}
          placeholder="请选择报告类型"
          notFoundContent="暂无报告类型，请在标签管理中新增“报告类型”分组的标签"
        />
      </Form.Item>
      <Form.Item name="report_group_id" label="目标分组" rules={[{ required: true, message: '请选择要生成到的分组' }]}>
        <Select
          aria-label="目标分组"
          options={options.reportGroups}
          loading={options.reportGroupsLoading}
          placeholder="请选择报告分组"
          notFoundContent="暂无分组，请先在报告管理中新增分组"
        />
      </Form.Item>
      <div className="results-generate__footer">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={starting} disabled={!source}>
          开始生成
        </Button>
      </div>
    </Form>
  );
}

interface FieldProps {
  value?: RegionPath[];
  onChange?: (paths: RegionPath[]) => void;
  id?: string;
  nodes: Parameters<typeof RegionCascader>[0]['nodes'];
  level: Parameters<typeof RegionCascader>[0]['level'];
  loading: boolean;
  disabled: boolean;
}

/** The cascader as a form control (the form gives value, onChange and id). */
function RegionCascaderField({ value, onChange, id, nodes, level, loading, disabled }: FieldProps) {
  return (
    <RegionCascader
      id={id}
      purpose="generate"
      nodes={nodes}
      level={level}
      loading={loading}
      disabled={disabled}
      placeholder={disabled ? '请先选择研究维度' : undefined}
      value={value ?? []}
      onChange={(paths) => onChange?.(paths)}
    />
  );
}
