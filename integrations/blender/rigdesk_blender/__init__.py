"""Rigdesk for Blender: rig the selected meshes with the Rigdesk service on this machine (or a studio server)
and import the result as an armature with the rigged mesh and its clips as actions. The originals are
hidden, never deleted. MIT licence, like the rest of Rigdesk."""

bl_info = {
    "name": "Rigdesk",
    "author": "Rigdesk",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "View3D > Sidebar > Rigdesk",
    "description": "Rig selected meshes with the local Rigdesk service and import the rigged result",
    "category": "Rigging",
}

import os
import tempfile
import time

import bpy
from bpy.props import BoolProperty, CollectionProperty, EnumProperty, FloatProperty, StringProperty

from .api import Client, RigdeskError

RIG_TYPES = [(v, v.capitalize(), "") for v in ("biped", "quadruped", "hexapod", "octopod", "avian", "serpentine", "aquatic", "others")]
ENGINES = [("fast", "Fast", ""), ("pro", "Pro", "")]
BONE_NAMINGS = [(v, v.capitalize(), "") for v in ("mixamo", "unreal", "unity", "vrm")]
POLL_SECONDS = 2.0


def _restore_numpy_bool():
    """Blender 3.4's glTF importer uses numpy.bool, removed in NumPy 1.24."""
    try:
        import numpy
        if not hasattr(numpy, "bool"):
            numpy.bool = bool
    except ImportError:
        pass


class RigdeskPreferences(bpy.types.AddonPreferences):
    bl_idname = __name__
    api_url: StringProperty(name="API URL", default="http://127.0.0.1:7878/v1")
    api_key: StringProperty(name="API key", subtype="PASSWORD", default="")

    def draw(self, context):
        self.layout.prop(self, "api_url")
        self.layout.prop(self, "api_key")


def _client(context):
    prefs = context.preferences.addons[__name__].preferences
    if not prefs.api_key:
        raise RigdeskError("Rigdesk: set the API key in Edit > Preferences > Add-ons > Rigdesk (the studio's Account page makes one)")
    return Client(prefs.api_url, prefs.api_key)


class RigdeskClip(bpy.types.PropertyGroup):
    clip_id: StringProperty()
    use: BoolProperty(name="Bake", default=False)


class RigdeskSettings(bpy.types.PropertyGroup):
    rig_type: EnumProperty(name="Body plan", items=RIG_TYPES, default="biped")
    engine: EnumProperty(name="Engine", items=ENGINES, default="fast")
    rotation_y: FloatProperty(name="Rotation Y", default=0.0, description="Degrees about +Y so the model faces +Z")
    rig_fingers: BoolProperty(name="Fingers", default=False)
    bone_naming: EnumProperty(name="Bone names", items=BONE_NAMINGS, default="mixamo")
    clips: CollectionProperty(type=RigdeskClip)


def _export_selected(path):
    bpy.ops.export_scene.gltf(filepath=path, use_selection=True, export_format="GLB", export_animations=False)


def _import_result(context, path, originals):
    _restore_numpy_bool()
    before = set(bpy.data.objects)
    bpy.ops.import_scene.gltf(filepath=path)
    added = [o for o in bpy.data.objects if o not in before]
    for o in originals:
        o.hide_set(True)
        o.hide_render = True
    return added


class RIGDESK_OT_rig_selected(bpy.types.Operator):
    """Rig the selected meshes with Rigdesk and import the result"""
    bl_idname = "rigdesk.rig_selected"
    bl_label = "Rig selected"
    bl_options = {"REGISTER", "UNDO"}

    rig_type: EnumProperty(name="Body plan", items=RIG_TYPES, default="biped")
    engine: EnumProperty(name="Engine", items=ENGINES, default="fast")
    rotation_y: FloatProperty(name="Rotation Y", default=0.0)
    rig_fingers: BoolProperty(name="Fingers", default=False)
    bone_naming: EnumProperty(name="Bone names", items=BONE_NAMINGS, default="mixamo")
    animation_ids: StringProperty(name="Clips", default="", description="Clip ids from GET /v1/animations, comma-separated")
    wait: BoolProperty(name="Wait", default=False, description="Block until the job ends (scripts, background mode)")

    _timer = None

    @classmethod
    def poll(cls, context):
        return any(o.type == "MESH" for o in context.selected_objects)

    def _submit(self, context):
        self.client = _client(context)
        self.originals = [o for o in context.selected_objects if o.type == "MESH"]
        self.tmp = tempfile.mkdtemp(prefix="rigdesk-")
        src = os.path.join(self.tmp, "rigdesk_in.glb")
        _export_selected(src)
        body = dict(self.client.model_source(src), rig_type=self.rig_type, engine=self.engine,
                    rotation_y=self.rotation_y, rig_fingers=self.rig_fingers, bone_naming=self.bone_naming)
        clips = [c.strip() for c in self.animation_ids.split(",") if c.strip()]
        if len(clips) == 1:
            body["animation_url"] = clips[0]
        elif clips:
            body["animation_urls"] = clips
        self.job = self.client.call("POST", "/rigs", body)

    def _finish(self, context):
        if self.job["status"] == "failed":
            err = self.job.get("error") or {}
            raise RigdeskError("Rigdesk: the rig failed: %s" % (err.get("message") if isinstance(err, dict) else err))
        out = os.path.join(self.tmp, "rigdesk_out.glb")
        self.client.download(self.job["output"]["model_url"], out)
        added = _import_result(context, out, self.originals)
        self.report({"INFO"}, "Rigdesk: rigged (%d objects imported, job %s)" % (len(added), self.job["id"]))

    def execute(self, context):
        try:
            self._submit(context)
            if not self.wait:
                wm = context.window_manager
                if context.window is None:
                    raise RigdeskError("Rigdesk: no window to follow the job in; call with wait=True in background mode")
                self._timer = wm.event_timer_add(POLL_SECONDS, window=context.window)
                wm.progress_begin(0, 100)
                wm.modal_handler_add(self)
                return {"RUNNING_MODAL"}
            while self.job["status"] not in ("succeeded", "failed"):
                time.sleep(POLL_SECONDS)
                self.job = self.client.call("GET", "/jobs/" + self.job["id"])
            self._finish(context)
            return {"FINISHED"}
        except RigdeskError as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}

    def modal(self, context, event):
        if event.type != "TIMER":
            return {"PASS_THROUGH"}
        wm = context.window_manager
        try:
            self.job = self.client.call("GET", "/jobs/" + self.job["id"])
            wm.progress_update(int(100 * (self.job.get("progress") or 0)))
            if self.job["status"] not in ("succeeded", "failed"):
                return {"PASS_THROUGH"}
            self._stop(context)
            self._finish(context)
            return {"FINISHED"}
        except RigdeskError as e:
            self._stop(context)
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}

    def _stop(self, context):
        wm = context.window_manager
        if self._timer:
            wm.event_timer_remove(self._timer)
            self._timer = None
        wm.progress_end()


class RIGDESK_OT_refresh_clips(bpy.types.Operator):
    """List the clips of the service's library (GET /v1/animations) for the chosen body plan"""
    bl_idname = "rigdesk.refresh_clips"
    bl_label = "Refresh clips"

    def execute(self, context):
        settings = context.scene.rigdesk
        try:
            page = _client(context).call("GET", "/animations?rig_type=%s&limit=200" % settings.rig_type)
        except RigdeskError as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        settings.clips.clear()
        for a in page["animations"]:
            item = settings.clips.add()
            item.name = a.get("name", a["id"])
            item.clip_id = a["id"]
        return {"FINISHED"}


class RIGDESK_PT_panel(bpy.types.Panel):
    bl_label = "Rigdesk"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "Rigdesk"

    def draw(self, context):
        s = context.scene.rigdesk
        col = self.layout.column()
        for prop in ("rig_type", "engine", "rotation_y", "rig_fingers", "bone_naming"):
            col.prop(s, prop)
        box = col.box()
        row = box.row()
        row.label(text="Clips to bake")
        row.operator("rigdesk.refresh_clips", text="", icon="FILE_REFRESH")
        for c in s.clips:
            box.prop(c, "use", text=c.name)
        op = col.operator("rigdesk.rig_selected", icon="ARMATURE_DATA")
        op.rig_type, op.engine, op.rotation_y = s.rig_type, s.engine, s.rotation_y
        op.rig_fingers, op.bone_naming = s.rig_fingers, s.bone_naming
        op.animation_ids = ",".join(c.clip_id for c in s.clips if c.use)


CLASSES = (RigdeskPreferences, RigdeskClip, RigdeskSettings, RIGDESK_OT_rig_selected, RIGDESK_OT_refresh_clips, RIGDESK_PT_panel)


def register():
    for c in CLASSES:
        bpy.utils.register_class(c)
    bpy.types.Scene.rigdesk = bpy.props.PointerProperty(type=RigdeskSettings)


def unregister():
    del bpy.types.Scene.rigdesk
    for c in reversed(CLASSES):
        bpy.utils.unregister_class(c)
