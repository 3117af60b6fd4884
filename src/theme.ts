import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeName } from './lib/settings';

const darkBlue = '#1f4e9c';

/** What a load shows unless the user, the URL, a host or the project's skin says otherwise. */
export const defaultTheme: ThemeName = 'darkblue';

/** antd tokens per `theme` query value; the body class `theme-<name>` carries the rest. */
export const themes: Record<ThemeName, ThemeConfig> = {
  darkblue: {
    token: { colorPrimary: darkBlue, borderRadius: 4 },
    components: {
      Layout: { headerBg: '#0d2a5e', siderBg: '#10306a', bodyBg: '#f0f3f8' },
      Menu: { darkItemBg: '#10306a', darkSubMenuItemBg: '#0d2a5e', darkItemSelectedBg: darkBlue },
    },
  },
  dark: {
    algorithm: antdTheme.darkAlgorithm,
    token: { colorPrimary: '#3a78d8', borderRadius: 4 },
    components: { Layout: { headerBg: '#141414', siderBg: '#1f1f1f' }, Menu: { darkItemBg: '#1f1f1f' } },
  },
  light: {
    token: { colorPrimary: darkBlue, borderRadius: 4 },
    components: { Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7fa' } },
  },
};

/** The header and side menu are dark except in the light theme. */
export function menuTheme(name: ThemeName): 'dark' | 'light' {
  return name === 'light' ? 'light' : 'dark';
}
