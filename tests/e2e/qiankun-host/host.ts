/*
 * A small qiankun host shell for the browser test: hash routes of its own (#/home) beside the
 * report workspace under #/report, shared data in qiankun's global state.
 */
import { initGlobalState, registerMicroApps, start } from 'qiankun';
import './host.css';

type State = Record<string, unknown>;

declare global {
  interface Window {
    /** Set by the test before the page loads: token, userInfo, orgInfo, projectInfo, … */
    hostSession?: State;
    host: {
      routes: string[];
      state: () => State;
      setState: (state: State) => boolean;
      mounts: { mounted: number; unmounted: number };
    };
  }
}

const actions = initGlobalState({
  token: null,
  userInfo: null,
  orgInfo: null,
  theme: 'light',
  projectInfo: null,
  projectPermissionDetail: null,
  ...window.hostSession,
});
let state: State = {};
actions.onGlobalStateChange((next) => (state = next), true);

const routes: string[] = [];
const mounts = { mounted: 0, unmounted: 0 };
window.host = { routes, state: () => state, setState: (next) => actions.setGlobalState(next), mounts };

registerMicroApps(
  [
    {
      name: 'ezreport',
      entry: '/embed.html',
      container: '#subapp',
      activeRule: (location) => location.hash.startsWith('#/report'),
      props: {
        routerBase: '/report',
        onRouteChange: (route: string) => {
          routes.push(route);
          document.getElementById('host-route')!.textContent = route;
        },
      },
    },
  ],
  {
    afterMount: async () => void mounts.mounted++,
    afterUnmount: async () => void mounts.unmounted++,
  },
);

const showHome = () => (document.getElementById('host-home')!.hidden = !location.hash.startsWith('#/home'));
window.addEventListener('hashchange', showHome);
showHome();
start({ prefetch: false });
