"""Renders the Rigdesk sidebar panel for the README (docs/screenshots/blender-panel.png is cropped from it).
Blender draws its interface only in a window, so run it under a virtual display:
  blender -b --factory-startup --python-expr "import bpy; bpy.ops.mesh.primitive_monkey_add(); bpy.ops.wm.save_as_mainfile(filepath='/tmp/scene.blend')"
  xvfb-run -a -s "-screen 0 1400x1300x24" blender /tmp/scene.blend --python integrations/blender/screenshot-panel.py
(a file given on the command line skips the splash screen). Writes /tmp/rigdesk-panel.png."""
import os
import sys

import addon_utils
import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
addon_utils.enable('rigdesk_blender', default_set=False)
import rigdesk_blender  # noqa: E402

bpy.context.preferences.view.ui_scale = 1.25


# The sidebar opens on its first tab; show the Rigdesk panel there too for the picture (same draw code).
class RIGDESK_PT_shot(rigdesk_blender.RIGDESK_PT_panel):
    bl_idname = 'RIGDESK_PT_shot'
    bl_category = 'Item'


bpy.utils.register_class(RIGDESK_PT_shot)
settings = bpy.context.scene.rigdesk
for name in ('idle', 'walk', 'run', 'wave', 'jump'):
    clip = settings.clips.add()
    clip.name = clip.clip_id = name
    clip.use = name in ('walk', 'wave')


def show_sidebar():
    for area in bpy.context.screen.areas:
        if area.type == 'VIEW_3D':
            area.spaces[0].show_region_ui = True


def shoot():
    for area in bpy.context.screen.areas:
        if area.type == 'VIEW_3D':
            with bpy.context.temp_override(area=area):
                bpy.ops.screen.screenshot_area(filepath='/tmp/rigdesk-panel.png')
    bpy.ops.wm.quit_blender()


bpy.app.timers.register(show_sidebar, first_interval=1.0)
bpy.app.timers.register(shoot, first_interval=4.0)
