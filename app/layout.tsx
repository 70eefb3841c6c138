import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AuthProvider } from '@/components/auth/auth-provider';
import { SiteHeader } from '@/components/nav/site-header';
import { ToastProvider } from '@/components/toast/toast-provider';
import { festival, festivalTitle } from '@/lib/festival';
import { env } from '@/lib/server/env';
import { InlineStylesheet } from '@/components/layout/inline-stylesheet';
import { siteStylesheet } from '@/lib/stylesheet/server-stylesheet';

export const metadata: Metadata = {
  metadataBase: new URL(env().SITE_URL),
  title: { default: `${festivalTitle} | Gandhinagar`, template: `%s | ${festivalTitle}` },
  description: festival.description,
  // The manifest (app/manifest.ts) is linked by Next itself; iOS reads neither it nor its icons for the
  // home screen, only these two.
  icons: { icon: '/images/logo.svg', apple: '/icons/apple-touch-icon.png' },
  appleWebApp: { capable: true, title: festival.name, statusBarStyle: 'black-translucent' },
  openGraph: {
    type: 'website',
    siteName: festivalTitle,
    locale: 'en_IN',
    title: `${festivalTitle} | Gandhinagar`,
    description: festival.description,
  },
  twitter: {
    card: 'summary_large_image',
    title: festivalTitle,
    description: festival.description,
    images: ['/opengraph-image'],
  },
};

export const viewport: Viewport = {
  themeColor: '#0d0a1a',
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        {/*
         * The stylesheet is in the document (components/layout/inline-stylesheet.tsx): the route's own
         * rules, the whole sheet linked after. In development the server renders the whole sheet itself,
         * so that an edit reaches the open page without a reload.
         */}
        {process.env.NODE_ENV === 'development' ? (
          <style dangerouslySetInnerHTML={{ __html: siteStylesheet }} />
        ) : (
          <InlineStylesheet />
        )}
      </head>
      <body className="bg-ink text-parchment antialiased">
        <a
          href="#main"
          className="sr-only z-[60] rounded bg-gold px-3 py-2 text-ink focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Skip to content
        </a>
        <ToastProvider>
          <AuthProvider>
            <SiteHeader />
            <div id="main">{children}</div>
          </AuthProvider>
        </ToastProvider>
      </body>
    </html>
  );
}
