'use client';

import { useEffect, useState } from 'react';
import { deploymentIsPreview } from './deployment';

/**
 * Whether this is a preview deployment, asked after the page has loaded (pages are prerendered for every
 * deployment alike); false until the answer comes, and when the question fails.
 */
export function usePreviewDeployment(): boolean {
  const [preview, setPreview] = useState(false);
  useEffect(() => {
    let current = true;
    deploymentIsPreview()
      .then((answer) => current && setPreview(answer))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  return preview;
}

/** The same question from an event handler: a failed question counts as "not a preview". */
export function isPreviewDeployment(): Promise<boolean> {
  return deploymentIsPreview().catch(() => false);
}
