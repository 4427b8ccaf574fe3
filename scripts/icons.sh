#!/usr/bin/env bash
# Rasterises the app icons in public/icons/ from their SVG sources with
# ImageMagick (`convert`). The PNGs are committed; run this after editing an SVG.
set -euo pipefail
cd "$(dirname "$0")/../public/icons"
for size in 192 512; do
  convert -background none -density 384 icon.svg -resize "${size}x${size}" "icon-${size}.png"
  convert -background none -density 384 maskable.svg -resize "${size}x${size}" "maskable-${size}.png"
done
convert -background none -density 384 icon.svg -resize 180x180 apple-touch-icon.png
