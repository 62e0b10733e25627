// An agency's logo as its users see it. The image is a signed-in API read, and every such read
// carries the CSRF header, which a plain <img src> cannot send: so it is fetched through the SDK,
// keyed by the versioned `logo` URL that account details give (a new upload is a new URL, a new
// fetch), and shown as a data URL (at most 128 KiB; the console's CSP allows images from itself and
// data:, not blob:).
import type { AccountDetails } from '@contrail/sdk';
import { useGetAgencyLogo } from '@contrail/sdk/react';
import { Image, type ImageProps } from '@mantine/core';
import { useEffect, useState } from 'react';

interface AgencyLogoProps extends Omit<ImageProps, 'src'> {
  account: Pick<AccountDetails, 'logo' | 'agency'>;
  alt: string;
}

/** The `v` of a versioned logo URL (`…/logo?v=3`), the image's version. */
function versionOf(logo: string): string | undefined {
  return new URL(logo, 'http://logo.invalid').searchParams.get('v') ?? undefined;
}

export function AgencyLogo({ account, alt, ...props }: AgencyLogoProps) {
  const agencyId = account.agency?.id ?? '';
  const logo = account.logo;
  const { data } = useGetAgencyLogo(agencyId, logo ? { v: versionOf(logo) } : undefined, {
    query: { enabled: Boolean(logo && agencyId), staleTime: Infinity, meta: { silentErrors: true } },
  });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!(data instanceof Blob)) return setSrc(undefined);
    let current = true;
    const reader = new FileReader();
    reader.onload = () => current && typeof reader.result === 'string' && setSrc(reader.result);
    reader.readAsDataURL(data);
    return () => {
      current = false;
    };
  }, [data]);
  if (!logo || !src) return null;
  return <Image src={src} alt={alt} {...props} />;
}
