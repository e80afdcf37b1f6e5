import type { ReactNode } from 'react';
import { FieldError, Text } from 'react-aria-components';

/**
 * Help text and error text under a React Aria field (Select, SearchableSelect, ComboBox):
 * the description only when given, the error shown by React Aria while the field is invalid.
 */
export function FieldHelp({
  description,
  errorMessage,
}: {
  description: ReactNode;
  errorMessage: ReactNode;
}) {
  return (
    <>
      {description !== undefined && (
        <Text slot="description" className="ui-field-description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field-error">{errorMessage}</FieldError>
    </>
  );
}
