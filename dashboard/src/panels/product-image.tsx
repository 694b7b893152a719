import type { Session } from "../session.js";
import { ImageUpload } from "./image-upload.js";

/** The product's image, and uploading a new one (which the API sends to moderation). */
export const ProductImage = (props: {
  readonly session: Session;
  readonly product: { readonly id: string; readonly name: string; readonly img: string };
  readonly onChange: () => void;
}) => (
  <ImageUpload
    name="image"
    heading="Image"
    current={
      props.product.img
        ? { src: props.product.img, alt: `${props.product.name}, as buyers see it`, caption: "Current image" }
        : undefined
    }
    none="No image yet: a product needs one before moderation."
    previewAlt="The chosen file, not yet uploaded"
    label="New image"
    rule="PNG, JPEG, WebP or GIF, up to 4 MB. An operator checks every new image: uploading one submits the product to moderation."
    button="Upload image"
    size={160}
    send={(img) =>
      props.session.client.v1.call("POST /products/img", { form: { id_product: props.product.id, img } })
    }
    onChange={props.onChange}
  />
);
