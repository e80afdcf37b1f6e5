export { AppLayout } from './components/AppLayout';
export { GlobalChrome } from './components/GlobalChrome';
export { LanguageSwitcher } from './components/LanguageSwitcher';
export { NotFoundPage } from './components/NotFoundPage';
export { LanguageButton } from './components/LanguageButton';
