import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { uploadSettingsQuery } from '@/lib/query/upload-settings';
import { projectNameRules, type ProjectNameRules } from '../project-name';

/** The project-name rules from the server settings (UploadSettings.ProjectNamePattern). */
export function useProjectNameRules(): ProjectNameRules {
  const { data } = useQuery(uploadSettingsQuery());
  return useMemo(() => projectNameRules(data?.ProjectNamePattern), [data?.ProjectNamePattern]);
}
