//! A project's brand on its payment pages (issue 14): a logo (PNG or WebP, at most 200 KB; SVG
//! is refused, as a script in it could not be ruled out safely) and a colour that keeps text on
//! buttons and links readable (WCAG AA, 4.5:1 against white).

use serde::{Deserialize, Serialize};

/// Largest logo accepted.
pub const MAX_LOGO_BYTES: usize = 200 * 1024;

/// Contrast a brand colour keeps against white (WCAG AA for normal text).
pub const MIN_CONTRAST: f64 = 4.5;

/// A colour as `#rrggbb`, dark enough for white text on it and for links on white.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct BrandColor(String);

impl BrandColor {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let hex = raw.trim().trim_start_matches('#').to_ascii_lowercase();
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("must be a colour as #rrggbb".into());
        }
        let color = BrandColor(format!("#{hex}"));
        let contrast = color.contrast_with_white();
        if contrast < MIN_CONTRAST {
            return Err(format!(
                "has a contrast of {contrast:.2}:1 with white text; at least {MIN_CONTRAST}:1 is needed (WCAG AA)"
            ));
        }
        Ok(color)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// WCAG contrast ratio of this colour with white.
    pub fn contrast_with_white(&self) -> f64 {
        let channel = |i: usize| {
            let v = f64::from(u8::from_str_radix(&self.0[1 + 2 * i..3 + 2 * i], 16).unwrap_or(0)) / 255.0;
            if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
        };
        let luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
        1.05 / (luminance + 0.05)
    }
}

impl TryFrom<String> for BrandColor {
    type Error = String;
    fn try_from(raw: String) -> Result<Self, String> {
        BrandColor::parse(&raw)
    }
}

impl From<BrandColor> for String {
    fn from(c: BrandColor) -> String {
        c.0
    }
}

/// A logo image as accepted: its type told by its first bytes, never by its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logo {
    pub content_type: &'static str,
    pub data: Vec<u8>,
}

impl Logo {
    pub fn parse(data: Vec<u8>) -> Result<Self, String> {
        if data.is_empty() {
            return Err("is empty".into());
        }
        if data.len() > MAX_LOGO_BYTES {
            return Err(format!("is {} KB; at most 200 KB", data.len().div_ceil(1024)));
        }
        let at = |offset: usize, magic: &[u8]| data.get(offset..offset + magic.len()) == Some(magic);
        let content_type = if at(0, b"\x89PNG\r\n\x1a\n") {
            "image/png"
        } else if at(0, b"RIFF") && at(8, b"WEBP") {
            "image/webp"
        } else if looks_like_svg(&data) {
            return Err(
                "is an SVG; SVG logos are refused (a script inside one cannot be ruled out): use PNG or WebP".into()
            );
        } else {
            return Err("must be a PNG or WebP image".into());
        };
        Ok(Logo { content_type, data })
    }

    /// A short digest naming this version of the logo (for cache-busting addresses).
    pub fn digest(&self) -> String {
        use sha2::Digest;
        hex::encode(&sha2::Sha256::digest(&self.data)[..8])
    }
}

fn looks_like_svg(data: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&data[..data.len().min(512)]).to_ascii_lowercase();
    head.contains("<svg") || head.trim_start().starts_with("<?xml")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_keep_text_readable() {
        assert_eq!(BrandColor::parse("#0B57D0").unwrap().as_str(), "#0b57d0");
        assert!(BrandColor::parse("0b57d0").is_ok());
        assert!((BrandColor::parse("#000000").unwrap().contrast_with_white() - 21.0).abs() < 0.01);
        let refused = BrandColor::parse("#ffd400").unwrap_err();
        assert!(refused.contains("at least 4.5:1"), "{refused}");
        assert!(BrandColor::parse("#777777").is_err(), "4.48:1 is just below AA");
        assert!(BrandColor::parse("#767676").is_ok(), "4.54:1 passes");
        assert!(BrandColor::parse("blue").is_err() && BrandColor::parse("#12345").is_err());
    }

    #[test]
    fn logos_are_png_or_webp_and_small() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        assert_eq!(Logo::parse(png.clone()).unwrap().content_type, "image/png");
        assert_eq!(Logo::parse(b"RIFF\0\0\0\0WEBPVP8 ".to_vec()).unwrap().content_type, "image/webp");
        assert!(
            Logo::parse(b"<svg xmlns='http://www.w3.org/2000/svg'><script/></svg>".to_vec())
                .unwrap_err()
                .contains("SVG")
        );
        assert!(Logo::parse(b"GIF89a".to_vec()).is_err());
        let mut big = png;
        big.resize(MAX_LOGO_BYTES + 1, 0);
        assert!(Logo::parse(big).unwrap_err().contains("at most 200 KB"));
    }
}
