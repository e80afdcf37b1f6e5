export { InfoBar } from './InfoBar';
export type { InfoBarProps, InfoBarState } from './InfoBar';
