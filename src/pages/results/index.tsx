import { Placeholder } from '../../components/placeholder';

export function Statistics() {
  return <Placeholder title="成果统计" empty="暂无成果" />;
}

export function SingleReportList() {
  return <Placeholder title="单体报告列表" empty="暂无报告" />;
}

export function SingleReportUpload() {
  return <Placeholder title="报告上传列表" empty="暂无报告" />;
}

export function ResultReportList() {
  return <Placeholder title="报告列表" empty="暂无报告" />;
}
