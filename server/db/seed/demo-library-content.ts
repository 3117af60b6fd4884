/**
 * The words of the demo reports and materials. scripts/make-demo-font.ts subsets the demo font
 * to exactly the characters used here (plus digits, ASCII and common punctuation), so text
 * added here needs `npx tsx scripts/make-demo-font.ts` before the seed can draw it.
 */

export interface DemoIndicator {
  name: string;
  unit: string;
}

/** The eight 体检维度 labels, what each looks at, and three indicators each. */
export const DIMENSIONS: Array<{ name: string; summary: string; indicators: DemoIndicator[] }> = [
  {
    name: '生态宜居',
    summary: '城市绿地与水系格局持续优化，公园绿地服务半径覆盖率稳步提高，空气质量优良天数比例保持较高水平，生态修复项目有序推进。',
    indicators: [
      { name: '公园绿地服务半径覆盖率', unit: '%' },
      { name: '空气质量优良天数比例', unit: '%' },
      { name: '城市生活污水集中收集率', unit: '%' },
    ],
  },
  {
    name: '健康舒适',
    summary: '社区卫生服务与养老托育设施布局不断完善，十五分钟生活圈建设成效明显，居民步行可达的公共服务设施数量增加。',
    indicators: [
      { name: '社区卫生服务中心覆盖率', unit: '%' },
      { name: '千人养老床位数', unit: '张' },
      { name: '普惠性幼儿园覆盖率', unit: '%' },
    ],
  },
  {
    name: '安全韧性',
    summary: '城市内涝积水点整治基本完成，应急避难场所人均面积达到标准，燃气管网老化更新改造加快推进，防灾减灾能力不断增强。',
    indicators: [
      { name: '城市内涝积水点密度', unit: '个/平方公里' },
      { name: '人均应急避难场所面积', unit: '平方米' },
      { name: '老化燃气管网改造完成率', unit: '%' },
    ],
  },
  {
    name: '交通便捷',
    summary: '轨道交通与公交线网衔接更加顺畅，通勤时间总体稳定，慢行交通系统逐步成网，停车供需矛盾有所缓解。',
    indicators: [
      { name: '平均单程通勤时间', unit: '分钟' },
      { name: '轨道站点八百米覆盖率', unit: '%' },
      { name: '绿色交通出行比例', unit: '%' },
    ],
  },
  {
    name: '风貌特色',
    summary: '历史文化街区和历史建筑得到有效保护，城市更新中注重延续传统格局和街巷肌理，城市天际线与山水景观相协调。',
    indicators: [
      { name: '历史建筑保护利用率', unit: '%' },
      { name: '城市公共开敞空间比例', unit: '%' },
      { name: '新建建筑高度超限数量', unit: '栋' },
    ],
  },
  {
    name: '整洁有序',
    summary: '背街小巷环境整治常态化开展，生活垃圾分类覆盖面持续扩大，违法建设治理成效巩固，市容秩序明显改善。',
    indicators: [
      { name: '生活垃圾资源化利用率', unit: '%' },
      { name: '背街小巷整治完成率', unit: '%' },
      { name: '违法建设治理完成率', unit: '%' },
    ],
  },
  {
    name: '多元包容',
    summary: '保障性住房供给稳步增加，无障碍环境建设覆盖主要公共场所，新市民和青年人住房困难问题逐步缓解。',
    indicators: [
      { name: '保障性租赁住房占比', unit: '%' },
      { name: '无障碍设施覆盖率', unit: '%' },
      { name: '住房租金收入比', unit: '%' },
    ],
  },
  {
    name: '创新活力',
    summary: '高新技术企业数量保持增长，城市营商环境持续优化，青年人才净流入态势良好，老旧厂区更新为创新空间。',
    indicators: [
      { name: '万人高新技术企业数', unit: '家' },
      { name: '研发经费投入强度', unit: '%' },
      { name: '青年人口净流入率', unit: '%' },
    ],
  },
];

/** The words every demo report uses. */
export const REPORT_WORDS = {
  tableOfContents: '目录',
  introduction: '总体评价',
  introductionText:
    '本次体检围绕城市发展的重点领域，采用客观指标与居民满意度调查相结合的方法，对城市人居环境质量进行全面评估，梳理短板问题，提出整治建议。',
  conclusion: '问题与建议',
  conclusionText: '针对体检发现的问题，建议建立问题清单、任务清单和项目清单，明确责任单位与完成时限，纳入年度城市更新计划统筹推进，并在下一轮体检中跟踪评估整改成效。',
  indicatorHeader: ['指标', '数值', '单位', '评价'],
  ratings: ['达标', '良好', '待改进'],
  preparedBy: '编制单位：示例企业',
  project: '项目：城市体检示例项目',
  dateLine: (year: number, month: number) => `${year}年${month}月`,
  page: (n: number, total: number) => `第 ${n} 页 / 共 ${total} 页`,
  chapter: ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'],
} as const;

export interface DemoReport {
  /** `{year}` is the year the report looks back on: the one before it was made. */
  name: string;
  group: string | null;
  /** Labels by name: 体检维度 and 报告类型. */
  labels: string[];
  /** The 体检维度 its chapters cover. */
  dimensions: string[];
  /** How long ago it was made. */
  daysAgo: number;
  cover: number;
}

export const REPORT_GROUPS = ['年度体检', '专项评估'];

const ALL_DIMENSIONS = DIMENSIONS.map((dimension) => dimension.name);

export const DEMO_REPORTS: DemoReport[] = [
  { name: '{year}年度城市体检报告', group: '年度体检', labels: ['年度体检报告', ...ALL_DIMENSIONS.slice(0, 4)], dimensions: ALL_DIMENSIONS, daysAgo: 610, cover: 1 },
  { name: '{year}年度城市体检报告', group: '年度体检', labels: ['年度体检报告', ...ALL_DIMENSIONS.slice(4)], dimensions: ALL_DIMENSIONS, daysAgo: 250, cover: 2 },
  { name: '城市安全韧性专项评估报告', group: '专项评估', labels: ['专项体检报告', '安全韧性'], dimensions: ['安全韧性', '生态宜居'], daysAgo: 190, cover: 3 },
  { name: '交通出行专项评估报告', group: '专项评估', labels: ['专项体检报告', '交通便捷'], dimensions: ['交通便捷', '健康舒适'], daysAgo: 150, cover: 4 },
  { name: '历史文化风貌专项评估报告', group: '专项评估', labels: ['专项体检报告', '风貌特色'], dimensions: ['风貌特色', '整洁有序'], daysAgo: 110, cover: 5 },
  { name: '老旧小区社区体检报告', group: null, labels: ['社区体检报告', '整洁有序', '多元包容'], dimensions: ['整洁有序', '多元包容', '健康舒适'], daysAgo: 60, cover: 1 },
  { name: '创新街区社区体检报告', group: null, labels: ['社区体检报告', '创新活力'], dimensions: ['创新活力', '交通便捷', '多元包容'], daysAgo: 25, cover: 3 },
  { name: '绿色生态专项评估报告', group: '专项评估', labels: ['专项体检报告', '生态宜居', '健康舒适'], dimensions: ['生态宜居', '健康舒适', '安全韧性'], daysAgo: 6, cover: 2 },
];

export type SceneKind = 'street' | 'chart' | 'aerial';

export interface DemoMaterial {
  /** At most 20 characters (the material name rule). */
  name: string;
  group: string | null;
  /** A 素材类型 label. */
  label: string;
  scene: SceneKind;
  /** Drives colours and shapes, so every picture differs. */
  variant: number;
  daysAgo: number;
}

export const MATERIAL_GROUPS = ['街景', '图表'];

export const DEMO_MATERIALS: DemoMaterial[] = [
  { name: '老城区街道街景', group: '街景', label: '街景照片', scene: 'street', variant: 0, daysAgo: 58 },
  { name: '滨河绿道街景', group: '街景', label: '街景照片', scene: 'street', variant: 1, daysAgo: 52 },
  { name: '历史街区入口', group: '街景', label: '现场调研', scene: 'street', variant: 2, daysAgo: 47 },
  { name: '社区口袋公园', group: '街景', label: '现场调研', scene: 'street', variant: 3, daysAgo: 41 },
  { name: '夜间商业街', group: '街景', label: '街景照片', scene: 'street', variant: 4, daysAgo: 36 },
  { name: '人口年龄结构图', group: '图表', label: '示意图', scene: 'chart', variant: 0, daysAgo: 30 },
  { name: '绿地覆盖率变化图', group: '图表', label: '示意图', scene: 'chart', variant: 1, daysAgo: 26 },
  { name: '通勤时间分布图', group: '图表', label: '示意图', scene: 'chart', variant: 2, daysAgo: 21 },
  { name: '体检指标得分对比', group: '图表', label: '示意图', scene: 'chart', variant: 3, daysAgo: 15 },
  { name: '城市中心区航拍', group: null, label: '航拍影像', scene: 'aerial', variant: 0, daysAgo: 10 },
  { name: '新区建设航拍', group: null, label: '航拍影像', scene: 'aerial', variant: 1, daysAgo: 6 },
  { name: '滨水片区航拍', group: null, label: '航拍影像', scene: 'aerial', variant: 2, daysAgo: 2 },
];

/** Words drawn on the chart pictures. */
export const CHART_WORDS = {
  ageGroups: ['儿童', '青年', '中年', '老年'],
  years: ['第一年', '第二年', '第三年', '第四年', '第五年'],
  commute: ['十五分钟内', '半小时内', '一小时内', '一小时以上'],
  source: '数据来源：城市体检示例项目',
};

/** Every text the demo draws, for the font subset. */
export function demoTexts(): string[] {
  return [
    ...DIMENSIONS.flatMap((dimension) => [dimension.name, dimension.summary, ...dimension.indicators.flatMap((indicator) => [indicator.name, indicator.unit])]),
    ...Object.values(REPORT_WORDS).flatMap((value) => (typeof value === 'function' ? [] : Array.isArray(value) ? value : [value])),
    '年月第页共图：指标变化',
    ...REPORT_GROUPS,
    ...DEMO_REPORTS.flatMap((report) => [report.name, ...report.labels]),
    ...MATERIAL_GROUPS,
    ...DEMO_MATERIALS.flatMap((material) => [material.name, material.label]),
    ...Object.values(CHART_WORDS).flat(),
  ];
}
