#!/usr/bin/env bash
# Regenerates web/public/media/trendex-demo.{mp4,webm} and the poster (needs ffmpeg with libfreetype, libx264, libvpx).
# Run from web/public/media.
set -e
F=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
FB=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
W=960; H=540
# price curve, revealed left to right (chart area x 60..900)
CURVE="(330-0.22*(X-60)-38*sin((X-60)/55)-16*sin((X-60)/13)-10*cos((X-60)/31))"
REV="(60+T*95)"
R="if(between(X,60,900)*lte(X,$REV), if(lte(abs(Y-$CURVE),2.2), 46, if(gt(Y,$CURVE)*lt(Y,460), 14+26*(1-(Y-$CURVE)/300), 12)), if(eq(mod(Y,60),40)*between(X,60,900), 26, 12))"
G="if(between(X,60,900)*lte(X,$REV), if(lte(abs(Y-$CURVE),2.2), 214, if(gt(Y,$CURVE)*lt(Y,460), 24+70*(1-(Y-$CURVE)/300), 20)), if(eq(mod(Y,60),40)*between(X,60,900), 38, 20))"
B="if(between(X,60,900)*lte(X,$REV), if(lte(abs(Y-$CURVE),2.2), 160, if(gt(Y,$CURVE)*lt(Y,460), 40+60*(1-(Y-$CURVE)/300), 38)), if(eq(mod(Y,60),40)*between(X,60,900), 58, 38))"
ffmpeg -y -hide_banner -loglevel error -f lavfi -i "color=c=0x0C1426:s=${W}x${H}:r=24:d=10" -vf "format=rgb24,geq=r='$R':g='$G':b='$B',\
drawbox=x=0:y=0:w=$W:h=52:color=0x0A1020@1:t=fill,\
drawtext=fontfile=$FB:text='Trendex':x=24:y=14:fontsize=24:fontcolor=0x5B9BFF,\
drawtext=fontfile=$F:text='BTC/USDT  ·  Trendex bot live view':x=150:y=20:fontsize=16:fontcolor=0x9FB3D1,\
drawbox=x=720:y=12:w=216:h=28:color=0x12B886@0.25:t=fill,\
drawtext=fontfile=$FB:text='Bot running':x=770:y=17:fontsize=16:fontcolor=0x2FD89E,\
drawtext=fontfile=$FB:text='%{eif\:64210+t*61\:d} USDT':x=60:y=70:fontsize=30:fontcolor=white,\
drawtext=fontfile=$F:text='Profit today +%{eif\:120+t*14\:d} USDT':x=60:y=108:fontsize=18:fontcolor=0x2FD89E,\
drawbox=x=560:y=470:w=340:h=52:color=0x16213A@1:t=fill,\
drawtext=fontfile=$FB:text='1. Connect Binance or WazirX':x=578:y=486:fontsize=18:fontcolor=white:enable='between(t,0,3.3)',\
drawtext=fontfile=$FB:text='2. Pick a strategy and deploy':x=578:y=486:fontsize=18:fontcolor=white:enable='between(t,3.3,6.6)',\
drawtext=fontfile=$FB:text='3. Track every trade live':x=578:y=486:fontsize=18:fontcolor=white:enable='between(t,6.6,10)',\
drawtext=fontfile=$F:text='Illustrative animation - not a performance promise':x=60:y=495:fontsize=13:fontcolor=0x6B7C99" \
  -c:v libx264 -pix_fmt yuv420p -preset slow -crf 30 -movflags +faststart -an trendex-demo.mp4
ffmpeg -y -hide_banner -loglevel error -i trendex-demo.mp4 -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -an trendex-demo.webm
ffmpeg -y -hide_banner -loglevel error -ss 9.5 -i trendex-demo.mp4 -frames:v 1 -q:v 4 trendex-demo-poster.jpg
ls -la
