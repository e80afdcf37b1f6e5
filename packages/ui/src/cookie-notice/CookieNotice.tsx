import { useState, type ReactNode } from 'react';
import { Button } from '../button';
import { COOKIE_WARNING_STORAGE_KEY } from '../constants';
import { InfoBar } from '../info-bar';
import { writeStorage } from '../internal/storage';
import { isCookieWarningAcknowledged } from './acknowledged';

export interface CookieNoticeProps {
  /**
   * The cookie message (the portal passes the translated `cookieWarning` text).
   */
  children: ReactNode;
  /**
   * Label of the acknowledge button.
   * @default 'OK'
   */
  acknowledgeLabel?: string;
  /**
   * Accessible name of the notice landmark.
   * @default 'Cookie notice'
   */
  label?: string;
  /**
   * Called when the user acknowledges the notice.
   * @default undefined
   */
  onAcknowledge?: () => void;
}

/**
 * Cookie notice on {@link InfoBar}: shown until acknowledged; the acknowledgment is stored in localStorage under
 * `displayedCookieWarning` (spec part 9), so it never shows again in this browser.
 */
export function CookieNotice({
  children,
  acknowledgeLabel = 'OK',
  label = 'Cookie notice',
  onAcknowledge,
}: CookieNoticeProps) {
  const [isOpen, setOpen] = useState(() => !isCookieWarningAcknowledged());
  const acknowledge = () => {
    writeStorage(COOKIE_WARNING_STORAGE_KEY, 'true');
    setOpen(false);
    onAcknowledge?.();
  };
  return (
    <InfoBar
      className="ui-cookie-notice"
      label={label}
      isOpen={isOpen}
      isDismissable={false}
      actions={<Button onPress={acknowledge}>{acknowledgeLabel}</Button>}
    >
      {children}
    </InfoBar>
  );
}
