import { Drawer, type DrawerProps } from 'antd';

/**
 * The app's drawer: its × at the header's end (at the start, a message shown at the top centre
 * covered it on a 1366-px screen), its content unmounted when it closes.
 */
export function SideDrawer(props: DrawerProps) {
  return <Drawer closable={{ placement: 'end' }} destroyOnHidden {...props} />;
}
