/**
 * The fictional region tree and indicator system of the demo warehouse. The indicators follow the
 * national urban health-check indicator system (住房和城乡建设部 城市体检指标体系) in name, unit and
 * usual standard; every place name is made up.
 */
export const PROVINCE = '示例省';
export const CITY = '示例市';

/** Districts and their streets (about 10), each street with three communities. */
const DISTRICTS: Array<{ name: string; streets: string[] }> = [
  { name: '东湖区', streets: ['东湖街道', '湖滨街道', '桃源街道'] },
  { name: '西山区', streets: ['西山街道', '枫林街道', '云岭街道'] },
  { name: '南城区', streets: ['南城街道', '文昌街道'] },
  { name: '北岸县', streets: ['城关街道', '河口街道'] },
];
const COMMUNITIES = '幸福 和平 光明 新华 建设 友谊 团结 春晖 紫荆 金桥 翠湖 长青 丰收 兴旺 锦华 松柏 百合 银杏 玉兰 海棠 杏林 梧桐 朝阳 星光 明珠 育才 景山 清泉 石榴 凤凰'.split(' ');
const XIAOQU_NAMES = '锦绣 阳光 翠苑 金色 碧水 绿洲 华庭 康乐 书香 枫丹 御景 滨江 青竹 东方 怡和 时代 丽景 名都 嘉禾 春江'.split(' ');
const XIAOQU_KINDS = ['花园', '家园', '小区', '雅苑', '新村'];

export interface DemoXiaoqu {
  district: string;
  street: string;
  community: string;
  name: string;
  /** Its buildings are 1号楼 … {buildings}号楼: 8 to 12, 1,000 in all. */
  buildings: number;
}

/** 100 小区 under 30 communities (the first ten have four, the rest three). */
export function demoXiaoqu(): DemoXiaoqu[] {
  const communities = DISTRICTS.flatMap((district) => district.streets.flatMap((street) => [0, 1, 2].map(() => ({ district: district.name, street }))));
  const list: DemoXiaoqu[] = [];
  communities.forEach((place, c) => {
    for (let k = 0; k < (c < 10 ? 4 : 3); k += 1) {
      const i = list.length;
      list.push({ ...place, community: `${COMMUNITIES[c]}社区`, name: `${XIAOQU_NAMES[i % 20]}${XIAOQU_KINDS[Math.floor(i / 20)]}`, buildings: 8 + (i % 5) });
    }
  });
  return list;
}

export interface DemoIndicator {
  code: string;
  name: string;
  unit: string;
  standard: number;
  direction: 'higher' | 'lower';
}

const indicator = (code: string, name: string, unit: string, standard: number, direction: 'higher' | 'lower' = 'higher'): DemoIndicator => ({ code, name, unit, standard, direction });

/** The indicators of each dimension (the labels of the 体检维度 group), with the region level each label carries. */
export const DIMENSIONS: Array<{ name: string; level: number; indicators: DemoIndicator[] }> = [
  {
    name: '生态宜居',
    level: 3,
    indicators: [
      indicator('STYJ-01', '人均公园绿地面积', '平方米/人', 12),
      indicator('STYJ-02', '公园绿化活动场地服务半径覆盖率', '%', 90),
      indicator('STYJ-03', '城市绿道服务半径覆盖率', '%', 70),
      indicator('STYJ-04', '空气质量优良天数比率', '%', 87.5),
      indicator('STYJ-05', '城市生活污水集中收集率', '%', 70),
      indicator('STYJ-06', '新建建筑中绿色建筑占比', '%', 70),
    ],
  },
  {
    name: '健康舒适',
    level: 5,
    indicators: [
      indicator('JKSS-01', '社区卫生服务中心覆盖率', '%', 100),
      indicator('JKSS-02', '完整居住社区覆盖率', '%', 60),
      indicator('JKSS-03', '社区养老服务设施覆盖率', '%', 100),
      indicator('JKSS-04', '普惠性幼儿园覆盖率', '%', 80),
      indicator('JKSS-05', '人均体育场地面积', '平方米/人', 2.6),
      indicator('JKSS-06', '住房租金收入比', '%', 25, 'lower'),
    ],
  },
  {
    name: '安全韧性',
    level: 4,
    indicators: [
      indicator('AQRX-01', '内涝积水点数量', '个', 0, 'lower'),
      indicator('AQRX-02', '城市消防站服务半径覆盖率', '%', 100),
      indicator('AQRX-03', '人均避难场所面积', '平方米/人', 1.5),
      indicator('AQRX-04', '城市供水管网漏损率', '%', 9, 'lower'),
      indicator('AQRX-05', '存在安全隐患的城镇房屋数量', '栋', 0, 'lower'),
      indicator('AQRX-06', '燃气管道老化更新改造完成率', '%', 100),
    ],
  },
  {
    name: '交通便捷',
    level: 4,
    indicators: [
      indicator('JTBJ-01', '城市道路网密度', '公里/平方公里', 8),
      indicator('JTBJ-02', '轨道站点周边覆盖通勤比例', '%', 30),
      indicator('JTBJ-03', '公共交通站点500米覆盖率', '%', 100),
      indicator('JTBJ-04', '专用自行车道密度', '公里/平方公里', 2),
      indicator('JTBJ-05', '新能源汽车车桩比', '辆/桩', 3, 'lower'),
    ],
  },
  {
    name: '风貌特色',
    level: 3,
    indicators: [
      indicator('FMTS-01', '历史文化街区和历史建筑挂牌率', '%', 100),
      indicator('FMTS-02', '历史建筑空置率', '%', 10, 'lower'),
      indicator('FMTS-03', '城市特色风貌街道占比', '%', 30),
      indicator('FMTS-04', '新建住宅建筑高度超过80米的数量', '栋', 0, 'lower'),
    ],
  },
  {
    name: '整洁有序',
    level: 6,
    indicators: [
      indicator('ZJYX-01', '老旧小区改造完成率', '%', 100),
      indicator('ZJYX-02', '生活垃圾资源化利用率', '%', 60),
      indicator('ZJYX-03', '门前责任区制度履约率', '%', 90),
      indicator('ZJYX-04', '违法建设治理率', '%', 100),
      indicator('ZJYX-05', '道路机械化清扫率', '%', 80),
      indicator('ZJYX-06', '道路破损率', '%', 2, 'lower'),
    ],
  },
  {
    name: '多元包容',
    level: 5,
    indicators: [
      indicator('DYBR-01', '常住人口基本公共服务覆盖率', '%', 100),
      indicator('DYBR-02', '保障性租赁住房覆盖率', '%', 23),
      indicator('DYBR-03', '无障碍设施覆盖率', '%', 100),
      indicator('DYBR-04', '居家适老化改造完成率', '%', 60),
      indicator('DYBR-05', '最低生活保障标准占人均消费支出比例', '%', 30),
    ],
  },
  {
    name: '创新活力',
    level: 3,
    indicators: [
      indicator('CXHL-01', '全社会研发经费投入占GDP比重', '%', 2.5),
      indicator('CXHL-02', '万人新增中小微企业数', '个/万人', 50),
      indicator('CXHL-03', '新增就业人口中大学文化程度人口比例', '%', 45),
      indicator('CXHL-04', '城市常住人口年龄中位数', '岁', 40, 'lower'),
      indicator('CXHL-05', '闲置低效用地率', '%', 5, 'lower'),
      indicator('CXHL-06', '数字化城市管理覆盖率', '%', 100),
    ],
  },
];

/** The levels the catalogue and values cover: city to 小区 (a dimension label may be moved to any of them). */
export const INDICATOR_LEVELS = [2, 3, 4, 5, 6] as const;
