import { chatMessageLimits } from "@jai/contracts/chat";

export type AttachedImage = { dataUrl: string; name: string };

export type ImageProblem = "notAnImage" | "unsupportedImage" | "imageTooLarge" | "imageUnreadable";

/**
 * Reads a chosen file as a data URL, after the checks the server will make too: an image, of a
 * type it accepts (no SVG), at most 5 MB.
 */
export async function readImageFile(
  file: File,
): Promise<{ image: AttachedImage } | { problem: ImageProblem }> {
  if (!file.type.startsWith("image/")) return { problem: "notAnImage" };
  if (!(chatMessageLimits.imageTypes as readonly string[]).includes(file.type)) {
    return { problem: "unsupportedImage" };
  }
  if (file.size > chatMessageLimits.imageMaxBytes) return { problem: "imageTooLarge" };
  try {
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
    return { image: { dataUrl, name: file.name } };
  } catch {
    return { problem: "imageUnreadable" };
  }
}
