import type { PromptPayQr } from "@jai/contracts/billing";
import { useMemo } from "react";
import { encode } from "uqr";

/**
 * A PromptPay QR: the provider's image when it gives one, else the EMVCo payload drawn here as
 * an inline SVG (one path of dark modules, a 4-module quiet zone).
 */
export function PromptPayQrImage({ qr, alt }: { qr: PromptPayQr; alt: string }) {
  const path = useMemo(() => {
    if (qr.imageUrl || !qr.payload) return null;
    const { data, size } = encode(qr.payload, { ecc: "M", border: 0 });
    let d = "";
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (data[y]![x]) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    }
    return { d, size: size + 8 };
  }, [qr.imageUrl, qr.payload]);

  if (qr.imageUrl) {
    return (
      <img
        src={qr.imageUrl}
        alt={alt}
        width={240}
        height={240}
        className="size-60 rounded-md border bg-white"
        data-testid="promptpay-qr"
      />
    );
  }
  if (!path) return null;
  return (
    <svg
      role="img"
      aria-label={alt}
      viewBox={`0 0 ${path.size} ${path.size}`}
      width={240}
      height={240}
      shapeRendering="crispEdges"
      className="size-60 rounded-md border bg-white"
      data-testid="promptpay-qr"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
